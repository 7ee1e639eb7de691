/**
 * Data of the parcel wizard (spec 000 §2 Add parcel, §7 calls) through the dataProvider's named methods, cached by
 * react-query: open departures (getOpenEnvois → envoi/ouvertActif), cities of the destination country (getVillesByPays
 * → ville/getVilleByPaysID), and the price of each chosen nature on the route (getPrixNature → colis/prixNature; a 409
 * carries 'Aucun prix unitaire associé à : {mode}, {country}, {nature}').
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { useDataProvider, useGetOne, type DataProvider } from 'react-admin';
import { serverMessage } from '../../kit/recordLabel';
import type { ColisMethods } from '../model/colisMethods';
import type { Envoi } from '../model/types';
import type { PrixNature } from '../model/wizardRules';

/**
 * Open active departures, latest closing first; in edit mode the parcel's current departure is added when it is not
 * among them (so the edit shows where the parcel is; the server decides whether it still takes parcels).
 * @param currentId the departure of the parcel being edited
 * @returns the departures (`data`), the ids envoi/ouvertActif answered (`openIds`: the added one is not among them),
 *   the query's state, and `refetch` (reloads the list, e.g. after a save refused because a departure closed or filled)
 */
export function useOpenEnvois(currentId?: string | null) {
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const open = useQuery({
    queryKey: ['depart', 'getOpenEnvois'],
    queryFn: ({ signal }) => dataProvider.getOpenEnvois({ signal }),
    staleTime: 0,
    retry: false,
  });
  const missing = !!currentId && !!open.data && !open.data.some((d) => d.id === currentId);
  // The parcel's own departure (envoi/getBy/{id}) is a record of the 'depart' resource.
  const current = useGetOne<Envoi>('depart', { id: currentId ?? '' }, { enabled: missing, retry: false });
  const data = useMemo<Envoi[] | undefined>(
    () => (open.data && missing && current.data ? [current.data, ...open.data] : open.data),
    [open.data, missing, current.data],
  );
  const openIds = useMemo(() => new Set((open.data ?? []).map((d) => d.id)), [open.data]);
  return { data, openIds, isPending: open.isPending, error: open.error, refetch: open.refetch };
}

/** Active cities of a country, by name (empty without a country). */
export function useVilles(paysId: string | null | undefined) {
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  return useQuery({
    queryKey: ['villes', 'getVillesByPays', paysId],
    queryFn: ({ signal }) => dataProvider.getVillesByPays(paysId!, { signal }),
    enabled: !!paysId,
    staleTime: 5 * 60_000,
  });
}

/** A nature whose price could not be found: its id and the server message. */
interface PrixError {
  key: string;
  natureColisID: string;
  message: string;
}

/**
 * Prices of the chosen natures on the departure's route, one call per distinct nature.
 * @returns prices by nature id, whether any call is still loading, and the refusals (409 'Paramètre non trouvé')
 */
export function usePrixNatures(params: {
  envoiID?: string | null;
  villeID?: string | null;
  agenceID?: string | null;
  natureIds: string[];
}) {
  const dataProvider = useDataProvider<DataProvider & ColisMethods>();
  const ids = useMemo(() => [...new Set(params.natureIds.filter(Boolean))].sort(), [params.natureIds]);
  const results = useQueries({
    queries: ids.map((natureColisID) => ({
      queryKey: ['colis', 'getPrixNature', params.envoiID, natureColisID, params.villeID ?? null, params.agenceID ?? null],
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        dataProvider.getPrixNature(
          { envoiID: params.envoiID!, natureColisID, villeID: params.villeID, agenceID: params.agenceID },
          { signal },
        ),
      enabled: !!params.envoiID,
      retry: false,
      staleTime: 60_000,
    })),
  });
  const prixNatures: Record<string, PrixNature | undefined> = {};
  const errors: PrixError[] = [];
  let loading = false;
  results.forEach((r, i) => {
    const id = ids[i];
    if (r.data) prixNatures[id] = r.data;
    if (r.isFetching || (r.isPending && !!params.envoiID)) loading = true;
    if (r.isError) {
      errors.push({
        key: `${params.envoiID}|${id}|${params.villeID ?? ''}|${r.errorUpdatedAt}`,
        natureColisID: id,
        message: serverMessage(r.error) ?? String((r.error as Error)?.message ?? ''),
      });
    }
  });
  return { prixNatures, loading, errors };
}
