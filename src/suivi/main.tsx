/// <reference types="vite/client" />
/**
 * Entry of the public tracking page (docs/decisions/public-tracking.md): /suivi and /suivi/{token}, a bundle of its own
 * (vite.config.ts input `suivi`), plain React and ./suivi.css, without the back-office's react-admin and MUI.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SuiviApp } from './SuiviApp';
import './suivi.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <SuiviApp />
  </StrictMode>,
);
