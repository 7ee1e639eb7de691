/**
 * Loads one non-CRUD call of the spec (e.g. GET colis/ListClientsBy/{envoiId}, spec 000 §7) through the dataProvider's
 * callApi, with react-query (the react-admin way for custom dataProvider methods): cached, cancelled on unmount,
 * and a 401 signs the user out like every other call.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../providers/dataProvider';
import type { ApiAnswer } from '../providers/http';

/** Takes the API path (or undefined to wait); returns react-query's result holding the raw answer. */
export function useApiQuery(path: string | undefined) {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery<ApiAnswer>({
    queryKey: ['callApi', path],
    queryFn: ({ signal }) => dataProvider.callApi(path!, { signal }),
    enabled: !!path,
    retry: false,
  });
}
