/**
 * <Route> elements redirecting the spec's legacy paths (LEGACY_ROUTES) to react-admin routes (spec 001 §2), and the
 * redirect of the parcel details path /colis/{reference}, which needs the parcel's id first.
 */
import { Route, useParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { Loading, Navigate, useDataProvider, useLocation } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import { LEGACY_ROUTES, NOT_FOUND_PATH, colisShowPath, type LegacyRoute } from './legacyRoutes';

/** Redirect element of one legacy path; gives the query string and the path's parameters to the target computation. */
const LegacyRedirect = ({ route }: { route: LegacyRoute }) => {
  const location = useLocation();
  const params = useParams();
  return <Navigate to={route.to(new URLSearchParams(location.search), params)} replace />;
};

/** Returns the <Route> elements of LEGACY_ROUTES, for a <CustomRoutes noLayout> block. */
export const legacyRouteElements = () =>
  LEGACY_ROUTES.map((route) => <Route key={route.path} path={route.path} element={<LegacyRedirect route={route} />} />);

/**
 * The spec's details path /colis/{reference} (route colisDetails): finds the parcel by its reference
 * (dataProvider.getColisByReference, key colisDetail) and goes to its details page /colis/{id}/show. An unknown
 * reference goes to the not-found page, a refusal to /notauthenticate, any other failure to /errorserver.
 */
export const LegacyColisDetails = ({ reference }: { reference: string }) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data, error } = useQuery({
    queryKey: ['colis', 'getColisByReference', reference],
    queryFn: ({ signal }) => dataProvider.getColisByReference(reference, { signal }),
    retry: false,
  });
  if (error) {
    const status = (error as { status?: number }).status;
    const to = status === 404 || status === 400 ? NOT_FOUND_PATH : status === 403 ? '/notauthenticate' : '/errorserver';
    return <Navigate to={to} replace />;
  }
  if (!data) return <Loading />;
  return <Navigate to={colisShowPath(String(data.colis.id))} replace />;
};
