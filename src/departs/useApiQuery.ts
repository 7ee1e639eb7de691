/**
 * Loads one non-CRUD call of the spec (e.g. GET colis/ListClientsBy/{envoiId}, spec 000 §7) through the dataProvider's
 * callApi, with react-query (the react-admin way for custom dataProvider methods): cached, cancelled on unmount,
 * and a 401 signs the user out like every other call.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { withId } from '../providers/dataProvider';
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

/**
 * The page pattern of the clients-of-a-departure and shipments-of-a-client screens: reads `?id=` from the URL,
 * loads `pathOf(id)` and gives the answer's `datas` as react-admin records.
 * @returns the id ('' when absent), the rows, and react-query's state with the raw answer (`data`)
 */
export function useRowsOfIdParam(pathOf: (id: string) => string) {
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const query = useApiQuery(id ? pathOf(encodeURIComponent(id)) : undefined);
  const rows = (Array.isArray(query.data?.datas) ? query.data.datas : []).map((row) =>
    withId(row as Record<string, unknown>),
  ) as RaRecord[];
  return { id, rows, ...query };
}
