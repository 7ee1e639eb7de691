/** <Route> elements redirecting the spec's legacy paths (LEGACY_ROUTES) to react-admin routes (spec 001 §2). */
import { Route } from 'react-router-dom';
import { Navigate, useLocation } from 'react-admin';
import { LEGACY_ROUTES, type LegacyRoute } from './legacyRoutes';

/** Redirect element of one legacy path; keeps the query string for the target computation. */
const LegacyRedirect = ({ route }: { route: LegacyRoute }) => {
  const location = useLocation();
  return <Navigate to={route.to(new URLSearchParams(location.search))} replace />;
};

/** Returns the <Route> elements of LEGACY_ROUTES, for a <CustomRoutes noLayout> block. */
export const legacyRouteElements = () =>
  LEGACY_ROUTES.map((route) => <Route key={route.path} path={route.path} element={<LegacyRedirect route={route} />} />);
