/**
 * The currency of an agency's country (docs/decisions/currencies.md: an operation is in its agency's country's currency
 * by default), read through the agency (agence/getBy: its country) and the country (pays/getBy: its devise), both open
 * to every signed-in user.
 */
import { useGetOne } from 'react-admin';
import { refId } from '../providers/records';

/**
 * Takes an agency id (undefined: none); returns its country's currency once read (undefined without an agency or when
 * a read fails: the server then decides) and whether it is still being read.
 */
export function useAgenceDevise(agenceId: string | undefined): { devise: string | undefined; isPending: boolean } {
  const agence = useGetOne('agence', { id: agenceId ?? '' }, { enabled: !!agenceId, retry: false });
  const paysId = refId(agence.data?.paysID);
  const pays = useGetOne('pays', { id: paysId ?? '' }, { enabled: !!paysId, retry: false });
  const devise = typeof pays.data?.devise === 'string' ? pays.data.devise : undefined;
  const isPending = !!agenceId && !agence.isError && (agence.isPending || (!!paysId && !pays.isError && pays.isPending));
  return { devise: paysId ? devise : undefined, isPending };
}
