/** Browser entry point: mounts <App> into #root (docs/architecture.md §5). */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';

const container = document.getElementById('root');
if (!container) throw new Error('Élément #root introuvable');
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
