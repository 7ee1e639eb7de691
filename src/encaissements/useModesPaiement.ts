/**
 * Active payment modes (dataProvider.getModesPaiement → GET modePaiement/liste, spec 000 §7) for the payment dialogs and
 * the wizard, cached by react-query.
 */
import { useQuery } from '@tanstack/react-query';
import { useDataProvider, type DataProvider } from 'react-admin';
import type { EncaissementMethods } from './encaissementMethods';

/** Returns {modes, isPending}: the active payment modes sorted by label (spec 000 §9 "selects sorted by label"). */
export function useModesPaiement() {
  const dataProvider = useDataProvider<DataProvider & EncaissementMethods>();
  const query = useQuery({
    queryKey: ['modePaiement', 'getModesPaiement'],
    queryFn: ({ signal }) => dataProvider.getModesPaiement({ signal }),
    staleTime: 5 * 60_000,
  });
  return { modes: query.data ?? [], isPending: query.isPending };
}
