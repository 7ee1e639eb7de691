/**
 * Calls of the public tracking page (docs/decisions/public-tracking.md) to GET /api/public/suivi (reference + 4 digits)
 * and GET /api/public/suivi/{token}, same origin, no sign-in. Answers the parcel or throws an Error carrying the
 * server's French message (404 'Colis introuvable…', 429, 400).
 */
import type { SuiviColis } from '../../common/suivi';

const NETWORK = 'Service indisponible, vérifiez votre connexion et réessayez.';

async function get(path: string, signal?: AbortSignal): Promise<SuiviColis> {
  let res: Response;
  try {
    res = await fetch(`/api/public/suivi${path}`, { headers: { accept: 'application/json' }, signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new Error(NETWORK, { cause: error });
  }
  const body = (await res.json().catch(() => null)) as { data?: SuiviColis; message?: string } | null;
  if (!res.ok || !body?.data) throw new Error(body?.message || NETWORK);
  return body.data;
}

/** Looks a parcel up by its reference and the last 4 digits of its recipient's phone. */
export function suiviByReference(reference: string, telephone: string, signal?: AbortSignal): Promise<SuiviColis> {
  const q = new URLSearchParams({ reference: reference.trim(), telephone: telephone.trim() });
  return get(`?${q}`, signal);
}

/** Looks a parcel up by its tracking token (the receipt's QR code, the mails' link). */
export function suiviByToken(token: string, signal?: AbortSignal): Promise<SuiviColis> {
  return get(`/${encodeURIComponent(token)}`, signal);
}
