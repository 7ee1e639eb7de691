/**
 * The route guard's rule "a visit to an error page coming from serverError goes home" (spec 000 §2, 001 §4;
 * src/layout/ErrorPage.tsx, routeTrail.tsx): the 403 and 404 pages reached from /errorserver open the dashboard; reached
 * from another page they stay.
 */
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { useNavigate } from 'react-admin';
import { ForbiddenPage, NotFoundPage, ServerErrorPage } from '../../src/layout/ErrorPage';
import { RouteTrail } from '../../src/layout/routeTrail';
import { renderAdmin, setupUser } from './renderAdmin';

/** A button navigating to `to`, as the app's redirects do. */
const Go = ({ to }: { to: string }) => {
  const navigate = useNavigate();
  return <button onClick={() => navigate(to)}>aller {to}</button>;
};

/** The routes of the test: the three error pages, a home and a list page, each with the buttons. */
const app = (
  <>
    <RouteTrail />
    <Routes>
      <Route path="/" element={<p>Accueil</p>} />
      <Route path="/pays" element={<p>Liste des pays</p>} />
      <Route path="/errorserver" element={<ServerErrorPage />} />
      <Route path="/notauthenticate" element={<ForbiddenPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
    <Go to="/notauthenticate" />
    <Go to="/page-inconnue" />
  </>
);

describe('Error pages after /errorserver (spec 000 §2, 001 §4)', () => {
  it('from /errorserver, the 403 page goes home', async () => {
    const { location } = renderAdmin(app, { path: '/errorserver' });
    await screen.findByText('Erreur 500');
    await setupUser().click(screen.getByText('aller /notauthenticate'));
    await waitFor(() => expect(location()).toBe('/'));
    expect(screen.getByText('Accueil')).toBeTruthy();
  });

  it('from /errorserver, the 404 page goes home', async () => {
    const { location } = renderAdmin(app, { path: '/errorserver' });
    await screen.findByText('Erreur 500');
    await setupUser().click(screen.getByText('aller /page-inconnue'));
    await waitFor(() => expect(location()).toBe('/'));
  });

  it('from another page, the 403 page stays', async () => {
    const { location } = renderAdmin(app, { path: '/pays' });
    await screen.findByText('Liste des pays');
    await setupUser().click(screen.getByText('aller /notauthenticate'));
    await screen.findByText('Erreur 403');
    expect(location()).toBe('/notauthenticate');
  });
});
