/**
 * <Route> elements redirecting the spec's legacy paths (LEGACY_ROUTES) to react-admin routes (spec 001 §2). The
 * redirect of the parcel details path /colis/{reference}, which needs the parcel's id first, is the parcel screens'
 * own (src/colis/LegacyColisDetails.tsx).
 */
import { Route, useParams } from 'react-router-dom';
import { Navigate, useLocation } from 'react-admin';
import { LEGACY_ROUTES, type LegacyRoute } from './legacyRoutes';

/** Redirect element of one legacy path; gives the query string and the path's parameters to the target computation. */
const LegacyRedirect = ({ route }: { route: LegacyRoute }) => {
  const location = useLocation();
  const params = useParams();
  return <Navigate to={route.to(new URLSearchParams(location.search), params)} replace />;
};

/** Returns the <Route> elements of LEGACY_ROUTES, for a <CustomRoutes noLayout> block. */
export const legacyRouteElements = () =>
  LEGACY_ROUTES.map((route) => <Route key={route.path} path={route.path} element={<LegacyRedirect route={route} />} />);
