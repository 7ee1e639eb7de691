/**
 * The redirect of the spec's parcel details path /colis/{reference} (spec 001 §2), shown by ColisEdit when its id is a
 * parcel reference; beside the parcel screens since it calls their dataProvider method (the other legacy paths:
 * src/routes/legacyRouteElements.tsx).
 */
import { useQuery } from '@tanstack/react-query';
import { Loading, Navigate, useDataProvider, type DataProvider } from 'react-admin';
import { NOT_FOUND_PATH, colisShowPath } from '../routes/legacyRoutes';
import type { ColisMethods } from './model/colisMethods';

/**
 * The spec's details path /colis/{reference} (route colisDetails): finds the parcel by its reference
 * (dataProvider.getColisByReference, key colisDetail) and goes to its details page /colis/{id}/show. An unknown
 * reference goes to the not-found page, a refusal to /notauthenticate, any other failure to /errorserver.
 */
export const LegacyColisDetails = ({ reference }: { reference: string }) => {
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
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
