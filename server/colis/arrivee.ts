/**
 * The arrival notice (docs/decisions/release-code.md): when a departure arrives, each parcel moved to EXPEDIE gets a
 * release code, and its sender and recipient are told 'votre colis est arrivé à destination' (spec 000 §4, the
 * notifications rows' words) with, in the e-mail or SMS, the agency that holds it (name, address, hours, phone) and
 * what remains to pay in the parcel's currency; the recipient's message alone carries the code. A new code sent by
 * the destination agency (sendNewCodeRetrait) goes to the recipient alone.
 */
import { eq } from 'drizzle-orm';
import { ENVOI_MESSAGES } from '../../common/envoiRules';
import { formatMontant } from '../../common/format';
import { toMinor } from '../../common/devises';
import type { CurrentUser } from '../auth/currentUser';
import type { Db, Tx } from '../db/client';
import { colis } from '../db/schema';
import { notifyColis } from '../notification/dispatch';
import { issueCodesRetrait, renewCodeRetrait } from './codeRetrait';
import { agencesDestination, type AgenceDestination } from '../access/destination';
import type { MovedColis } from './statutChange';

/** Where to collect a parcel and what remains to pay, as the arrival notice says it. Pure. */
function arrivalDetail(agence: AgenceDestination | undefined, reste: string, devise: string): string {
  const ou = agence
    ? `À retirer : ${[agence.libelle, agence.adresse, agence.horaires, agence.telephoneComplet && `tél. ${agence.telephoneComplet}`]
        .filter((p) => p && p.trim())
        .join(', ')}`
    : undefined;
  const du = toMinor(reste, devise) > 0n ? `Reste à payer : ${formatMontant(reste, devise)}` : 'Rien à payer';
  return [ou, du].filter(Boolean).join('. ');
}

/** The recipient's words with its release code. Pure. */
const codeSentence = (code: string) => `Code de retrait : ${code}, à donner au guichet à la remise du colis et à personne d'autre`;

/**
 * Tells the parties of parcels that reached their destination, inside the departure's transaction: a new release
 * code for each (issueCodesRetrait), the notice by the one notice rule (notifyColis).
 * @param moved the parcels the departure's arrival moved to EXPEDIE (statutChange.ts moveColis)
 */
export async function notifyArrivee(tx: Tx, moved: MovedColis[]): Promise<void> {
  if (moved.length === 0) return;
  const ids = moved.map((m) => m.id);
  const codes = await issueCodesRetrait(tx, ids);
  const agences = await agencesDestination(tx, ids);
  await notifyColis(tx, moved, (m) => ({
    message: ENVOI_MESSAGES.arrived,
    detail: arrivalDetail(agences.get(m.id), m.resteAPayer, m.devise),
    secretDestinataire: codeSentence(codes.get(m.id)!),
  }));
}

/** The notifications row's words of a code sent again. */
const NOUVEAU_CODE = 'un nouveau code de retrait vous a été envoyé';

/**
 * Sends a parcel's recipient a new release code (codeRetrait.ts renewCodeRetrait: the old one dies, a lock is lifted),
 * with where to collect the parcel and what remains to pay, in one transaction; the sender is not told.
 * @throws what renewCodeRetrait throws (404 outside the destination agency, 409, 429)
 */
export async function sendNewCodeRetrait(db: Db, colisID: string, user: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const code = await renewCodeRetrait(tx, colisID, user);
    const [c] = await tx
      .select({
        id: colis.id,
        reference: colis.reference,
        agenceID: colis.agenceID,
        destinataireID: colis.destinataireID,
        emailDestinataire: colis.emailDestinataire,
        suiviToken: colis.suiviToken,
        reste: colis.resteAPayer,
        devise: colis.devise,
      })
      .from(colis)
      .where(eq(colis.id, colisID));
    const agence = (await agencesDestination(tx, [colisID])).get(colisID);
    await notifyColis(tx, [{ ...c, expediteurID: null }], () => ({
      message: NOUVEAU_CODE,
      detail: arrivalDetail(agence, c.reste, c.devise),
      secretDestinataire: codeSentence(code),
    }));
  });
}
