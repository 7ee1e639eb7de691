/** Active payment modes (GET modePaiement/liste, spec 000 §7) for the payment dialogs and the wizard, cached by react-query. */
import { useQuery } from '@tanstack/react-query';
import { fetchPaymentModes } from '../colis/colisApi';

/** Returns {modes, isPending}: the active payment modes sorted by label (spec 000 §9 "selects sorted by label"). */
export function usePaymentModes() {
  const query = useQuery({
    queryKey: ['modePaiement', 'liste'],
    queryFn: ({ signal }) => fetchPaymentModes(signal),
    staleTime: 5 * 60_000,
  });
  return { modes: query.data ?? [], isPending: query.isPending };
}
