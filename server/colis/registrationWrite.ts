/**
 * The registration's write as one statement (docs/decisions/registration-write.md; spec 000 §7 colis/create):
 * data-modifying CTEs that put the parcel's weight on its departure, find or create its sender and recipient, insert
 * the parcel (its reference from the sequence), its nature lines, its history, its notices and its journal row. On
 * its own (no advance) it needs no transaction: a statement is atomic, so a registration is two statements in all (its
 * read and this write) where it was eight (BEGIN, read, two upserts, claim, insert, the rest, COMMIT).
 *
 * Each part runs on what the parts before it gave, so nothing is written unless the departure took the weight:
 * - `claim`: the conditional UPDATE of the departure (open, active, not past its closing date, the weight fits). It
 *   alone decides, on the committed weight (a concurrent registration waits for the other's commit and re-checks):
 *   never overbooked. No row: nothing else is written, and the statement answers no row (the caller's 409). Its
 *   TypeScript twin is registration.ts checkEnvoi (the same open / active / closing date / weight rule, checked first
 *   for the message); tests/server/colis.test.ts ("refuses a parcel heavier…", "50 simultaneous registrations…").
 * - `exp`, `dest`: the parties, each a client given by id (read before, validated: its values as placeholders), none
 *   (a recipient without phone: a row of nulls), the sender itself (the same phone), or found or created by phone
 *   (user/service.ts clientUpsertCtes, its insert run once per `claim` row: a refused parcel makes no client).
 * - `ins`: the parcel, once per claim × sender × recipient row: exactly one.
 * - the lines (a jsonb list), the history row, one notice (notifications row, not dispatched yet) per party and one
 *   without receiver for a recipient without client record who has a typed e-mail (CTE `notif`), the journal row
 *   (`withAudit`; an advance writes it after the payment, in its own transaction), all from `ins`. Who is told by
 *   which channel is not decided here: the notices are expanded into outbox rows afterwards by the one notice rule
 *   (notification/dispatch.ts dispatchNotices; docs/decisions/notice-dispatch.md).
 * Lock order: the departure (claim), then the clients, then the parcel's rows, as before (docs/architecture.md §4).
 *
 * How it is written (registerOnDeparture): alone (the statement, atomic by itself), grouped with the departure's other
 * waiting registrations (their statements in one transaction, one round trip), or with an advance (the statement, the
 * payment and the status in one transaction); each records its request's write mark (db/writeMarks.ts) in its
 * transaction when it wrote.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { v7 as uuidv7 } from 'uuid';
import { todayIso } from '../../common/dates';
import type { Db, Tx } from '../db/client';
import { reusableSql } from '../db/fast/reusable';
import { colisReferenceSql } from '../db/references';
import { colis, colisNatures, envois, historiques, notifications } from '../db/schema';
import { clientUpsertCtes, clientUpsertValues, type Party } from '../user/service';
import { ADVANCE_PAYER, COLIS_STATUT_ADVANCE, isAdvance } from '../../common/colisRules';
import type { ColisInput } from '../../common/schemas/colis';
import type { CurrentUser } from '../auth/currentUser';
import { keyedBatches, type BatchWrite } from '../db/fast/keyedBatches';
import { fastSwitches } from '../db/fast/switches';
import { recordWriteMarks, type WriteMark } from '../db/writeMarks';
import { recordEncaissement, type PayableColis } from '../encaissement/service';
import { isDatabaseUnavailable } from '../plugins/errors';
import type { StatutIdOf } from '../statut/query';
import { colisCreatedAudit, colisCreatedAuditOf } from './journal';
import { colisColumns, selectColis } from './query';
import type { RegistrationPlan } from './registrationPlan';
import { moveColis } from './statutChange';

/** How a registration names its party: a client given (or none: `null`), found or created by phone, or the sender. */
export type PartyOfRegistration =
  { kind: 'given'; party: Party | null } | { kind: 'phone'; client: Parameters<typeof clientUpsertValues>[1] } | { kind: 'sender' };

/** The parcel's own columns the statement writes from placeholders of the same name (colisValues' and the caller's). */
const REGISTRATION_COLIS_COLUMNS = [
  'id',
  'envoiID',
  'agenceID',
  'statutID',
  'dateDepot',
  'auteurID',
  'villeID',
  'modeLivraisonID',
  'modeEnvoiID',
  'detailsContenu',
  'contenu',
  'observation',
  'adresseLivraison',
  'poids',
  'unite',
  'prixUnitaire',
  'paramNatureModeID',
  'montant',
  'montantLivraison',
  'montantExpedition',
  'montantComplementaire',
  'montantTotal',
  'reglement',
  'resteAPayer',
  'nomDestinataire',
  'prenomsDestinataire',
  'emailDestinataire',
  'adresseDestinataire',
  'telephoneDestinataire',
  'NumeroSaisi',
  'receptionneurID',
] as const satisfies readonly (keyof typeof colis.$inferInsert)[];

type ColisColumnValues = Record<(typeof REGISTRATION_COLIS_COLUMNS)[number], unknown>;

/**
 * A party's CTE `name`: given (its values as placeholders), found or created by phone, or (`sender`) the sender's row:
 * one row. The given row uses clientUpsertCtes' own placeholders, in Party's column order. `LIMIT 1` says so to the
 * planner: without it each branch counts as a row, the parcel's insert is estimated at nine rows, the generic plan
 * looks dearer than the custom ones and PostgreSQL plans the statement anew on every run (its CPU per
 * registration measured in bench/README.md).
 */
function partyCte(name: 'exp' | 'dest'): SQL {
  const p = (key: string) => sql`${sql.placeholder(name + key)}::text`;
  const given = sql`SELECT ${sql.placeholder(`${name}Id`)}::uuid, ${p('Nom')}, ${p('Prenoms')}, ${p('Telephone')}, ${p('Tel')},
                           ${p('Email')}, ${p('Adresse')} WHERE ${p('Mode')} = 'given'`;
  const sender = name === 'dest' ? sql` UNION ALL SELECT * FROM exp WHERE ${p('Mode')} = 'sender'` : sql``;
  return sql`${clientUpsertCtes(name, sql`claim`, name === 'dest' ? 'exp' : undefined)}, ${sql.raw(name)} AS (
    SELECT * FROM ${sql.raw(`${name}_found`)} UNION ALL SELECT * FROM ${sql.raw(`${name}_new`)} UNION ALL ${given}${sender}
    LIMIT 1)`;
}

const colisTable = getTableColumns(colis);
const valueOf = (key: (typeof REGISTRATION_COLIS_COLUMNS)[number]) =>
  sql`${sql.placeholder(key)}::${sql.raw(colisTable[key].getSQLType())}`;

/** The statement, built once (db/fast/reusable.ts). Its one row: the parcel (colisColumns and suiviToken), `exp`, `dest`. */
const registrationStatement = reusableSql<Record<string, unknown> & { suiviToken: string; exp: Party; dest: Party }>(sql`
  WITH claim AS (
    UPDATE ${envois} SET poids_reel = poids_reel + ${sql.placeholder('kg')}::numeric, updated_at = ${sql.placeholder('updatedAt')}::timestamptz
     WHERE id = ${sql.placeholder('envoiID')}::uuid AND statut_id = ${sql.placeholder('ouvert')}::uuid AND is_active
       AND date_fin >= ${sql.placeholder('today')}::date AND poids_reel + ${sql.placeholder('kg')}::numeric <= poids
    RETURNING id
  ), ${partyCte('exp')}, ${partyCte('dest')}, ins AS (
    INSERT INTO ${colis} (${sql.join(
      REGISTRATION_COLIS_COLUMNS.map((k) => sql.identifier(colisTable[k].name)),
      sql`, `,
    )}, expediteur_id, destinataire_id, reference)
    SELECT ${sql.join(REGISTRATION_COLIS_COLUMNS.map(valueOf), sql`, `)}, exp.id, dest.id,
           ${colisReferenceSql(sql.placeholder('referencePrefix'))}
      FROM claim, exp, dest
    RETURNING *
  ), lines AS (
    INSERT INTO ${colisNatures} (id, colis_id, nature_colis_id, poids, unite_poid, prix_unitaire, prix_exceptionnel, prix_total)
    SELECT l.id, ins.id, l.nature_colis_id, l.poids, l.unite_poid, l.prix_unitaire, l.prix_exceptionnel, l.prix_total
      FROM ins, jsonb_to_recordset(${sql.placeholder('lines')}::jsonb) AS l(id uuid, nature_colis_id uuid, poids numeric,
           unite_poid text, prix_unitaire numeric, prix_exceptionnel numeric, prix_total numeric)
  ), hist AS (
    INSERT INTO ${historiques} (id, colis_id, statut_avant_id, statut_apres_id, auteur_id)
    SELECT ${sql.placeholder('histId')}::uuid, ins.id, NULL, ins.statut_id, ins.auteur_id FROM ins
  ), parties AS (
    SELECT 1 AS n, id FROM exp WHERE id IS NOT NULL UNION ALL SELECT 2, id FROM dest WHERE id IS NOT NULL
    UNION ALL SELECT 3, NULL FROM dest, ins WHERE dest.id IS NULL AND coalesce(trim(ins.email_destinataire), '') <> ''
  ), notif AS (
    INSERT INTO ${notifications} (id, receiver_id, colis_id, message, dispatched_at)
    SELECT (${sql.placeholder('notifIds')}::uuid[])[p.n], p.id, ins.id, ${sql.placeholder('message')}::text, NULL FROM ins, parties p
  ), audit AS (
    ${colisCreatedAuditOf(
      sql`ins c WHERE ${sql.placeholder('withAudit')}::boolean`,
      { id: sql`c.auteur_id`, adresseIP: sql`${sql.placeholder('adresseIP')}::text` },
      sql`(SELECT trim(nom || ' ' || prenoms) FROM exp)`, // the order of common/format.ts fullName
    )}
  )
  SELECT ${sql.join(
    Object.entries(colisColumns).map(([key, column]) => sql`ins.${sql.identifier(column.name)} AS ${sql.identifier(key)}`),
    sql`, `,
  )}, ins.suivi_token AS "suiviToken", to_jsonb(exp) AS exp, to_jsonb(dest) AS dest
    FROM ins, exp, dest`);

/** The placeholders' values of a party's CTE (partyCte): clientUpsertCtes' for a phone, else the given party's (or nulls). */
function partyValues(name: 'exp' | 'dest', p: PartyOfRegistration): Record<string, unknown> {
  if (p.kind === 'phone') return clientUpsertValues(name, p.client);
  const g = p.kind === 'given' ? p.party : null;
  return {
    [`${name}Mode`]: p.kind,
    [`${name}Id`]: g?.id ?? null,
    [`${name}Nom`]: g?.nom ?? null,
    [`${name}Prenoms`]: g?.prenoms ?? null,
    [`${name}Telephone`]: g?.telephone ?? null,
    [`${name}Tel`]: g?.telephoneComplet ?? null,
    [`${name}Email`]: g?.email ?? null,
    [`${name}Adresse`]: g?.adresse ?? null,
  };
}

/** What writeRegistration writes: the parcel's columns, its lines, its parties, the claim's weight, the journal author. */
export interface RegistrationWrite {
  colis: ColisColumnValues;
  /** The parcel's reference before its number (db/references.ts colisReferencePrefix). */
  referencePrefix: string;
  /** The weight put on the departure (kg, as a numeric text). */
  kg: string;
  /** The OUVERT status of departures. */
  ouvert: string;
  lines: { natureColisID: string; poids: string; unitePoid: string; prixUnitaire: string; prixExceptionnel: string; prixTotal: string }[];
  expediteur: PartyOfRegistration;
  destinataire: PartyOfRegistration;
  /** The notice to the parties (a notification each, sent by notification/dispatch.ts). */
  message: string;
  /** Write the journal row (false when an advance is recorded after: its journal row comes after the payment). */
  withAudit: boolean;
  adresseIP: string | null;
}

/** The statement's placeholders' values for one registration (fresh ids for its rows). */
function statementValues(w: RegistrationWrite): Record<string, unknown> {
  return {
    ...w.colis,
    kg: w.kg,
    envoiID: w.colis.envoiID,
    ouvert: w.ouvert,
    today: todayIso(),
    updatedAt: new Date().toISOString(),
    ...partyValues('exp', w.expediteur),
    ...partyValues('dest', w.destinataire),
    referencePrefix: w.referencePrefix,
    lines: JSON.stringify(
      w.lines.map((l) => ({
        id: uuidv7(),
        nature_colis_id: l.natureColisID,
        poids: l.poids,
        unite_poid: l.unitePoid,
        prix_unitaire: l.prixUnitaire,
        prix_exceptionnel: l.prixExceptionnel,
        prix_total: l.prixTotal,
      })),
    ),
    histId: uuidv7(),
    notifIds: [uuidv7(), uuidv7(), uuidv7()],
    message: w.message,
    withAudit: w.withAudit,
    adresseIP: w.adresseIP,
  };
}

/** What a registration wrote (writeRegistration's answer), read from the statement's row; undefined: no row. */
function writtenOf(row: (Record<string, unknown> & { suiviToken: string; exp: Party; dest: Party }) | undefined) {
  if (!row) return undefined;
  const created = Object.fromEntries(
    Object.entries(colisColumns).map(([key, column]) => [key, row[key] == null ? row[key] : column.mapFromDriverValue(row[key])]),
  ) as { [K in keyof typeof colisColumns]: (typeof colisColumns)[K]['_']['data'] };
  const party = (p: Party) => (p.id ? p : null);
  return { created, suiviToken: row.suiviToken, parties: { expediteurID: party(row.exp), destinataireID: party(row.dest) } };
}

/** What writeRegistration answers: the parcel written and its parties, or undefined (the departure refused it). */
export type RegistrationWritten = ReturnType<typeof writtenOf>;

/**
 * Runs the registration's statement on `db` (the pool: atomic by itself; or a transaction's connection).
 * @returns the parcel as inserted (colisColumns, as Drizzle maps them, plus suiviToken) and its parties (null: none),
 *   or undefined when the departure did not take the weight (closed meanwhile, or full): nothing was written
 */
async function writeRegistration(db: Db | Tx, w: RegistrationWrite): Promise<RegistrationWritten> {
  const [row] = await registrationStatement(db, statementValues(w));
  return writtenOf(row);
}

/**
 * Several registrations' statements one after the other on a transaction (db/fast/reusable.ts `each`: on PostgreSQL the
 * second and later in one round trip), each claiming its weight after the ones before it: as many writeRegistration
 * in a row. Answers each one's writeRegistration answer, in order. A failing statement fails the call (the transaction
 * is then to be rolled back).
 */
async function writeRegistrations(tx: Tx, ws: RegistrationWrite[]): Promise<RegistrationWritten[]> {
  const rows = await registrationStatement.each(tx, ws.map(statementValues));
  return rows.map(([row]) => writtenOf(row));
}

/**
 * Records the advance of a registration or an edit and moves the parcel to RECEPTIONNE (docs/architecture.md §4); the payment's
 * own notification tells sender and recipient. The caller's audit row of the parcel (registration or edit) holds the
 * advance (reglement, statut): no row of its own.
 */
export async function recordAdvance(tx: Tx, payable: PayableColis, input: ColisInput, user: CurrentUser, idOf: StatutIdOf) {
  const reglement = input.reglement ?? 0;
  if (!isAdvance(reglement)) return;
  await recordEncaissement(tx, payable, {
    montant: reglement,
    modePaiementID: input.encaissement!.modePaiementID!,
    paymentby: input.encaissement?.paymentby ?? ADVANCE_PAYER,
    author: user,
    journal: false,
  });
  await moveColis(tx, {
    colisIds: [payable.id],
    fromStatutIds: [payable.statutID],
    toStatutId: idOf(COLIS_STATUT_ADVANCE),
    author: user,
    journal: false,
  });
}

/**
 * A departure's registrations are written in groups within this process (db/fast/keyedBatches.ts): those that arrive while
 * a group of the same departure is written wait, then up to 32 are written one after the other in one transaction,
 * one lock and one commit for the group (bench/README.md, docs/decisions/registration-write.md). DEPARTURE_WRITES sets how many groups of a
 * departure are written at once (default 1), DEPARTURE_BATCH the size of a group (1: each alone), for such measures:
 * switches of the performance layer (server/config.ts FastSwitches), read each time a group is formed. Keyed by the
 * departure's id.
 */
const departureWrites = keyedBatches({
  concurrency: () => fastSwitches().departureWrites,
  max: () => fastSwitches().departureBatch,
  // A group cut from the database (its COMMIT's outcome unknown) is not written again: each answers 503, as alone.
  unreachable: isDatabaseUnavailable,
});

/** A registration of a group and its request's mark (its Idempotency-Key), if any. */
interface MarkedRegistration {
  registration: RegistrationWrite;
  mark: WriteMark | undefined;
}

/**
 * A group's registrations in one round trip (writeRegistrations), then the marks of those written recorded together
 * (db/writeMarks.ts: the keys in one statement, docs/decisions/idempotent-writes.md). Answers each one's
 * writeRegistration answer, in order.
 */
async function writeMarkedRegistrations(tx: Tx, group: MarkedRegistration[]) {
  const written = await writeRegistrations(
    tx,
    group.map((g) => g.registration),
  );
  await recordWriteMarks(
    tx,
    group.map((g, i) => (written[i] ? g.mark : undefined)),
  );
  return written;
}

/** `written` once the request's mark (if any) is recorded in `tx`; nothing recorded when nothing was written. */
async function markedWrite<T>(tx: Tx, written: T | undefined, mark: WriteMark | undefined): Promise<T | undefined> {
  if (written) await recordWriteMarks(tx, [mark]);
  return written;
}

/**
 * Writes a planned registration without advance on its departure (departureWrites): alone, the statement (with a
 * mark: the statement and the mark in a transaction); with the departure's other waiting registrations, in their
 * group's transaction, the statements in one round trip and then one record of their marks.
 * @param mark the request's mark, recorded in the write's transaction only if the parcel was written
 * @returns what writeRegistration answers: undefined when the departure did not take the weight (nothing written)
 */
export async function registerOnDeparture(db: Db, w: RegistrationWrite, mark: WriteMark | undefined): Promise<RegistrationWritten> {
  const data: MarkedRegistration = { registration: w, mark };
  const batch: BatchWrite<RegistrationWritten, MarkedRegistration> = mark
    ? { run: async (tx: Tx) => markedWrite(tx, await writeRegistration(tx, w), mark), together: writeMarkedRegistrations, data }
    : { run: (handle) => writeRegistration(handle, w), atomic: true, together: writeMarkedRegistrations, data };
  return departureWrites(db, w.colis.envoiID as string, batch);
}

/**
 * Writes a planned registration with an advance (reglement > 0) in one transaction (alone, or in its departure's
 * group: departureWrites): the statement, the payment and the move to RECEPTIONNE (recordAdvance), then the journal
 * row; the request's mark recorded in it once the parcel was written.
 * @returns the parcel as colis/get answers it (selectColis, read back: the advance changed it after its insert), or
 *   undefined when the departure did not take the weight (nothing written)
 */
export async function registerWithAdvance(
  db: Db,
  plan: RegistrationPlan & { advance: NonNullable<RegistrationPlan['advance']> },
  author: CurrentUser,
  idOf: StatutIdOf,
  mark: WriteMark | undefined,
) {
  return departureWrites(db, plan.write.colis.envoiID as string, {
    run: async (tx: Tx) => {
      const written = await markedWrite(tx, await writeRegistration(tx, plan.write), mark);
      if (!written) return undefined;
      const { created, suiviToken, parties } = written;
      const payable: PayableColis = {
        ...plan.advance.payable,
        id: created.id,
        reference: created.reference,
        expediteurID: parties.expediteurID?.id ?? null,
        destinataireID: parties.destinataireID?.id ?? null,
        suiviToken,
      };
      await recordAdvance(tx, payable, plan.advance.input, author, idOf);
      await tx.execute(colisCreatedAudit(created.id, author));
      return (await selectColis(tx).where(eq(colis.id, created.id)))[0];
    },
  });
}
