/**
 * Rules of users (spec 000 §2 Profile settings, §3 User; 001 §2 Users, §4, §5; docs/decisions/staff-accounts.md, audit-journal.md; docs/architecture.md §4):
 * - a user sees itself and the users of its agency (access/scopes.ts findVisibleUser); it edits its own profile
 *   (nom, prenoms, adresse) or, with the key, another's;
 * - staff (users of type ADMIN) are created by an administrator: the server generates the password, mails it through
 *   the outbox in the same transaction and never answers nor logs it; the new user must change it first
 *   (users.mustChangePassword, enforced by plugins/access.ts);
 * - e-mail unique (case-insensitive), phone unique per country (common/phone.ts normalizePaysPhone), only active
 *   countries, agencies, roles and the staff user type; an agency role needs an agency of the chosen country; a role
 *   that does not see every agency creates and edits its own agency's staff only;
 * - only a SUPERADMIN creates, changes, deactivates or deletes an ADMIN or SUPERADMIN; a role is given only by someone
 *   holding its keys and reach (common/autorisationRules.ts roleAssignRefusal); the role CLIENT is never given to
 *   staff; nobody deactivates, deletes, demotes or moves itself; nobody leaves the product without an active user
 *   able to reach `autorisation` (checked by the database at commit, 409);
 * - deactivation, a role or agency change end the user's sessions at once (tokenVersion bumped: next call 401);
 * - every change is recorded in the audit trail (db/audit.ts) in the same transaction, never a password;
 * - clients (senders and recipients) are users of type CLIENT found by their full phone number. Registering a parcel
 *   with a typed sender or a new recipient creates the client, or reuses the one with that phone.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { ACCESS_RULE_MESSAGES, roleAssignRefusal, userManageRefusal } from '../../common/autorisationRules';
import { fullName } from '../../common/format';
import { ROLE_CODES, TYPE_USER_CODES } from '../../common/permissions';
import { normalizePaysPhone, normalizePhone, type PaysTelephone } from '../../common/phone';
import { findVisibleUser } from '../access/scopes';
import { auditDiff, auteurOf, recordAudit } from '../db/audit';
import type { CurrentUser } from '../auth/currentUser';
import { generatePassword, hashPassword } from '../auth/passwords';
import { findUser } from '../auth/query';
import type { Db, Tx } from '../db/client';
import { agences, pays, roles, typeUsers, users } from '../db/schema';
import { badRequest, conflict, forbidden, notFound } from '../http/errors';
import { enqueue } from '../outbox/queue';
import { escapeHtml } from '../outbox/channels/email';
import { authoredRecords, emailTaken, staffPhoneTaken } from './query';
import { activeKeysOfRole } from '../role/query';
import { reusableSql } from '../db/fast/reusable';
import { v7 as uuidv7 } from 'uuid';
import { USER_FIELD_MESSAGES, type ProfilInput, type StaffCreateInput, type StaffUpdateInput } from '../../common/schemas/user';

/** French messages of the staff rules (docs/decisions/staff-accounts.md), shared by the routes and the tests. */
export const USER_MESSAGES = {
  emailTaken: 'Cet email est déjà utilisé par un autre utilisateur.',
  phoneTaken: 'Ce numéro de téléphone est déjà utilisé par un autre utilisateur de ce pays.',
  paysInvalid: 'Le pays choisi est introuvable ou inactif.',
  roleInvalid: 'Le rôle choisi est introuvable ou inactif.',
  roleClient: 'Le rôle CLIENT ne peut pas être attribué à un membre du personnel.',
  typeInvalid: "Le type d'utilisateur doit être le type actif ADMIN (personnel).",
  agenceRequired: USER_FIELD_MESSAGES.agenceRequired,
  agenceInvalid: "L'agence choisie est introuvable ou inactive.",
  agenceOtherPays: "L'agence choisie n'est pas dans le pays choisi.",
  agenceOther: 'Vous ne pouvez gérer que les utilisateurs de votre agence.',
  privileged: ACCESS_RULE_MESSAGES.privilegedUser,
  privilegedRole: ACCESS_RULE_MESSAGES.privilegedRole,
  selfDeactivate: 'Vous ne pouvez pas désactiver votre propre compte.',
  selfDelete: 'Vous ne pouvez pas supprimer votre propre compte.',
  selfReset: 'Changez votre propre mot de passe depuis votre profil.',
  clientReset: 'Ce compte ne se connecte pas au back-office : pas de mot de passe à réinitialiser.',
  selfRole: 'Vous ne pouvez pas modifier votre propre rôle ni votre agence.',
  selfPays: 'Vous ne pouvez pas modifier votre propre pays.',
  emailReadOnly: "L'email ne peut pas être modifié.",
  phoneReadOnly: 'Le numéro de téléphone ne peut pas être modifié.',
  clientBody: "Ce compte est un client : seuls le nom, les prénoms et l'adresse se modifient (écran des clients).",
  clientDelete: 'Un client ne peut pas être supprimé : désactivez-le.',
  inUse: (kinds: string[]) =>
    `Cet utilisateur a enregistré des données (${kinds.join(', ')}) : il ne peut pas être supprimé. Désactivez-le plutôt.`,
} as const;

/** A user record as selectUsers answers it. */
type UserRow = NonNullable<Awaited<ReturnType<typeof findUser>>>;

/** What the audit trail keeps of a user: its visible fields, references by id and label, never a password or hash. */
function auditView(u: UserRow): Record<string, unknown> {
  return {
    nom: u.nom,
    prenoms: u.prenoms,
    email: u.email,
    telephoneComplet: u.telephoneComplet,
    adresse: u.adresse,
    isActive: u.isActive,
    pays: u.paysID?.libelle ?? null,
    paysID: u.paysID?.id ?? null,
    role: u.roleID?.code ?? null,
    roleID: u.roleID?.id ?? null,
    agence: u.agenceID?.libelle ?? null,
    agenceID: u.agenceID?.id ?? null,
  };
}

/**
 * Refuses a change of a member of staff (its record, status, password, role, deletion) by a caller who could not have
 * given it the role it holds now (common/autorisationRules.ts userManageRefusal): ADMIN and SUPERADMIN holders but by
 * a SUPERADMIN, holders of a role reaching every agency by a caller bound to one, holders of a role with keys the
 * caller lacks. Oneself and clients are not concerned (their own rules apply). Reads the role's keys in `tx`.
 * @throws 403 with the rule's French message
 */
async function assertMayManage(tx: Tx, me: CurrentUser, target: UserRow): Promise<void> {
  if (target.typeUserID.code !== TYPE_USER_CODES.ADMIN || target.id === me.id || !target.roleID?.id || me.isSuperadmin) return;
  const refusal = userManageRefusal(me, { ...target.roleID, keys: await activeKeysOfRole(tx, target.roleID.id) });
  if (refusal) throw forbidden(refusal);
}

/** The references of a staff form, checked: active country, role, agency (of the country), staff type. */
interface StaffRefs {
  pays: { id: string } & PaysTelephone;
  role: { id: string; code: string; toutesAgences: boolean };
  typeUserID: string;
  agenceID: string | null;
}

/**
 * Checks the references of a staff create or update (spec 001 §4 "Only active countries, roles, type users and
 * agencies are offered"): 400 per field for an unknown or inactive one, an agency role without an agency, an agency
 * of another country; 403 for the role CLIENT, a privileged role given by a non-SUPERADMIN, an agency other than the
 * caller's own for a role that does not see every agency.
 * @param unchanged ids the record already holds, accepted even if inactive since (an edit keeps what it had)
 */
async function checkStaffRefs(
  tx: Tx,
  me: CurrentUser,
  input: { paysID: string; roleID: string; typeUserID?: string | null; agenceID?: string | null },
  unchanged: { paysID?: string | null; roleID?: string | null; agenceID?: string | null } = {},
): Promise<StaffRefs> {
  const [p] = await tx
    .select({ id: pays.id, indicatif: pays.indicatif, longueurNumero: pays.longueurNumero, isActive: pays.isActive })
    .from(pays)
    .where(eq(pays.id, input.paysID));
  if (!p || (!p.isActive && unchanged.paysID !== p.id)) throw badRequest(USER_MESSAGES.paysInvalid, { paysID: USER_MESSAGES.paysInvalid });
  const [role] = await tx
    .select({ id: roles.id, code: roles.code, systeme: roles.systeme, toutesAgences: roles.toutesAgences, isActive: roles.isActive })
    .from(roles)
    .where(eq(roles.id, input.roleID));
  if (!role || (!role.isActive && unchanged.roleID !== role.id))
    throw badRequest(USER_MESSAGES.roleInvalid, { roleID: USER_MESSAGES.roleInvalid });
  if (role.systeme === ROLE_CODES.CLIENT) throw badRequest(USER_MESSAGES.roleClient, { roleID: USER_MESSAGES.roleClient });
  const [type] = await tx
    .select({ id: typeUsers.id })
    .from(typeUsers)
    .where(
      and(
        input.typeUserID ? eq(typeUsers.id, input.typeUserID) : undefined,
        eq(typeUsers.code, TYPE_USER_CODES.ADMIN),
        eq(typeUsers.isActive, true),
      ),
    );
  if (!type) throw badRequest(USER_MESSAGES.typeInvalid, { typeUserID: USER_MESSAGES.typeInvalid });
  const agenceID = input.agenceID || null;
  if (!agenceID && !role.toutesAgences) throw badRequest(USER_MESSAGES.agenceRequired, { agenceID: USER_MESSAGES.agenceRequired });
  if (agenceID) {
    const [a] = await tx
      .select({ id: agences.id, paysID: agences.paysID, isActive: agences.isActive })
      .from(agences)
      .where(eq(agences.id, agenceID));
    if (!a || (!a.isActive && unchanged.agenceID !== a.id))
      throw badRequest(USER_MESSAGES.agenceInvalid, { agenceID: USER_MESSAGES.agenceInvalid });
    if (a.paysID !== p.id) throw badRequest(USER_MESSAGES.agenceOtherPays, { agenceID: USER_MESSAGES.agenceOtherPays });
  }
  if (!me.allAgences && agenceID !== me.agenceID) throw forbidden(USER_MESSAGES.agenceOther);
  if (role.id !== unchanged.roleID) {
    // Nobody gives a power it does not hold (common/autorisationRules.ts roleAssignRefusal).
    const refusal = roleAssignRefusal(me, { ...role, keys: await activeKeysOfRole(tx, role.id) });
    if (refusal) throw forbidden(refusal);
  }
  return { pays: p, role, typeUserID: type.id, agenceID };
}

/** The e-mail that gives a new member of staff its password (queued in the outbox, of the user's agency; never logged). */
function welcomeMail(u: { email: string; nom: string; prenoms: string; agenceID: string | null }, password: string) {
  return {
    to: u.email,
    subject: 'Votre compte Back-office Colis',
    html:
      `<p>Bonjour ${escapeHtml(fullName(u))},</p>` +
      `<p>Un compte vient d'être créé pour vous sur le back-office Colis.</p>` +
      `<p>Identifiant : <strong>${escapeHtml(u.email)}</strong><br>` +
      `Mot de passe provisoire : <strong data-password>${escapeHtml(password)}</strong></p>` +
      `<p>À votre première connexion, vous devrez choisir un nouveau mot de passe.</p>`,
    secret: true,
    agenceID: u.agenceID,
  };
}

/** The e-mail that gives a member of staff the new password an administrator asked for (of the user's agency). */
function resetMail(u: { email: string; nom: string; prenoms: string; agenceID: string | null }, password: string) {
  return {
    to: u.email,
    subject: 'Réinitialisation de votre mot de passe Back-office Colis',
    html:
      `<p>Bonjour ${escapeHtml(fullName(u))},</p>` +
      `<p>Un administrateur a réinitialisé votre mot de passe.</p>` +
      `<p>Nouveau mot de passe provisoire : <strong data-password>${escapeHtml(password)}</strong></p>` +
      `<p>À votre prochaine connexion, vous devrez choisir un nouveau mot de passe.</p>`,
    secret: true,
    agenceID: u.agenceID,
  };
}

/**
 * Creates a member of staff (POST user/create, docs/decisions/staff-accounts.md): checks, a generated password (≥ 12 characters, letters,
 * digits, symbols) hashed, mailed through the outbox in the same transaction, mustChangePassword set, audit 'create'.
 * @returns the user as answered (no password)
 * @throws 400 invalid references or phone; 403 privileged role, another agency; 409 e-mail or phone taken
 */
export async function createStaff(db: Db, input: StaffCreateInput, me: CurrentUser) {
  return db.transaction(async (tx) => {
    const refs = await checkStaffRefs(tx, me, input);
    const phone = normalizePaysPhone(input.telephone, refs.pays);
    if (!phone.ok) throw badRequest(phone.error, { telephone: phone.error });
    const email = input.email.trim().toLowerCase();
    if (await emailTaken(tx, email)) throw conflict(USER_MESSAGES.emailTaken, { email: USER_MESSAGES.emailTaken });
    if (await staffPhoneTaken(tx, phone.phone)) throw conflict(USER_MESSAGES.phoneTaken, { telephone: USER_MESSAGES.phoneTaken });
    const password = generatePassword();
    const [row] = await tx
      .insert(users)
      .values({
        nom: input.nom,
        prenoms: input.prenoms,
        email,
        adresse: input.adresse,
        telephone: phone.national,
        telephoneComplet: phone.phone,
        passwordHash: await hashPassword(password),
        mustChangePassword: true,
        paysID: refs.pays.id,
        roleID: refs.role.id,
        typeUserID: refs.typeUserID,
        agenceID: refs.agenceID,
      })
      .returning({ id: users.id });
    await enqueue(tx, welcomeMail({ email, nom: input.nom, prenoms: input.prenoms, agenceID: refs.agenceID }, password));
    const created = (await findUser(tx, row.id))!;
    await recordAudit(tx, { entite: 'user', entiteID: row.id, action: 'create', ...auteurOf(me), apres: auditView(created) });
    return created;
  });
}

/**
 * Updates a member of staff with the full body (PUT user/update/{id}, spec 001 §7: nom, prenoms, adresse, paysID,
 * roleID, typeUserID, agenceID; email and telephone read-only). A role or agency change ends the user's sessions.
 * @returns the user as answered and whether it was the caller's own
 * @throws 400 invalid references, a changed e-mail or phone, a client; 403 scope, privileged, self role/agency; 404
 */
export async function updateStaff(db: Db, id: string, input: StaffUpdateInput, me: CurrentUser) {
  return db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, id, me);
    if (target.typeUserID.code !== TYPE_USER_CODES.ADMIN) throw badRequest(USER_MESSAGES.clientBody);
    await assertMayManage(tx, me, target);
    const own = target.id === me.id;
    if (input.email != null && input.email.trim().toLowerCase() !== (target.email ?? '').toLowerCase()) {
      throw badRequest(USER_MESSAGES.emailReadOnly, { email: USER_MESSAGES.emailReadOnly });
    }
    if (input.telephone != null) {
      const typed = input.telephone.replace(/[\s.\-/()]/g, '');
      if (typed !== (target.telephone ?? '') && typed !== (target.telephoneComplet ?? '')) {
        throw badRequest(USER_MESSAGES.phoneReadOnly, { telephone: USER_MESSAGES.phoneReadOnly });
      }
    }
    const agenceID = input.agenceID || null;
    const roleChanged = input.roleID !== target.roleID?.id;
    const agenceChanged = agenceID !== (target.agenceID?.id ?? null);
    if (own && (roleChanged || agenceChanged)) throw forbidden(USER_MESSAGES.selfRole);
    if (own && input.paysID !== target.paysID?.id && !me.permissions.has('userUpdate')) throw forbidden(USER_MESSAGES.selfPays);
    // A caller bound to one agency edits the staff of its agency, which it may not move elsewhere (checkStaffRefs).
    const refs = await checkStaffRefs(
      tx,
      me,
      { ...input, agenceID },
      {
        paysID: target.paysID?.id,
        roleID: target.roleID?.id,
        agenceID: target.agenceID?.id,
      },
    );
    await tx
      .update(users)
      .set({
        nom: input.nom,
        prenoms: input.prenoms,
        adresse: input.adresse,
        paysID: refs.pays.id,
        roleID: refs.role.id,
        typeUserID: refs.typeUserID,
        agenceID: refs.agenceID,
        ...(roleChanged || agenceChanged ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      })
      .where(eq(users.id, target.id));
    const after = (await findUser(tx, target.id))!;
    const diff = auditDiff(auditView(target), auditView(after));
    if (diff) await recordAudit(tx, { entite: 'user', entiteID: target.id, action: 'update', ...auteurOf(me), ...diff });
    return { user: after, own };
  });
}

/** A user the caller may see (itself, or one of its agency; any for ADMIN). @throws 404, 403 */
export const getUser = (db: Db, id: string, me: CurrentUser) => findVisibleUser(db, id, me);

/**
 * Sets the active flag of a user the caller may see (PUT user/update/{id} {isActive}); deactivation ends its sessions
 * at once. Audit 'statut'.
 * @returns the user as answered
 * @throws 403 when the caller would deactivate itself, or change an ADMIN or SUPERADMIN without being SUPERADMIN
 */
export async function setUserActive(db: Db, id: string, isActive: boolean, me: CurrentUser) {
  return db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, id, me);
    if (target.id === me.id && !isActive) throw forbidden(USER_MESSAGES.selfDeactivate);
    await assertMayManage(tx, me, target);
    await tx
      .update(users)
      .set({ isActive, ...(isActive ? {} : { tokenVersion: sql`${users.tokenVersion} + 1` }) })
      .where(eq(users.id, target.id));
    if (target.isActive !== isActive) {
      await recordAudit(tx, {
        entite: 'user',
        entiteID: target.id,
        action: 'statut',
        ...auteurOf(me),
        avant: { isActive: target.isActive },
        apres: { isActive },
      });
    }
    return (await findUser(tx, target.id))!;
  });
}

/**
 * Gives a member of staff a new generated password (POST user/resetPassword/{id}, docs/decisions/staff-accounts.md "resetting their password
 * kills their tokens at once"): mailed through the outbox in the same transaction, to be changed at the next sign-in;
 * every session of the user ends (tokenVersion bumped); audit 'password' (never the password).
 * @throws 403 itself (it uses the password change), scope, privileged; 404 unknown; 409 a client (no sign-in)
 */
export async function resetStaffPassword(db: Db, id: string, me: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, id, me);
    if (target.id === me.id) throw forbidden(USER_MESSAGES.selfReset);
    if (target.typeUserID.code !== TYPE_USER_CODES.ADMIN || !target.email) throw conflict(USER_MESSAGES.clientReset);
    await assertMayManage(tx, me, target);
    const password = generatePassword();
    await tx
      .update(users)
      .set({ passwordHash: await hashPassword(password), mustChangePassword: true, tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, target.id));
    await enqueue(
      tx,
      resetMail({ email: target.email, nom: target.nom, prenoms: target.prenoms, agenceID: target.agenceID?.id ?? null }, password),
    );
    await recordAudit(tx, {
      entite: 'user',
      entiteID: target.id,
      action: 'password',
      ...auteurOf(me),
      apres: { motif: 'réinitialisé par un administrateur' },
    });
  });
}

/**
 * Deletes a member of staff who never authored anything (DELETE user/delete/{id}); audit 'delete' with its last values.
 * @throws 403 itself, scope, privileged; 404 unknown; 409 a client, or a user who authored records (deactivate instead)
 */
export async function deleteStaff(db: Db, id: string, me: CurrentUser): Promise<void> {
  await db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, id, me);
    if (target.id === me.id) throw forbidden(USER_MESSAGES.selfDelete);
    if (target.typeUserID.code !== TYPE_USER_CODES.ADMIN) throw conflict(USER_MESSAGES.clientDelete);
    await assertMayManage(tx, me, target);
    const kinds = await authoredRecords(tx, target.id);
    if (kinds.length) throw conflict(USER_MESSAGES.inUse(kinds));
    const deleted = await tx.delete(users).where(eq(users.id, target.id)).returning({ id: users.id });
    if (!deleted.length) throw notFound('Utilisateur introuvable.');
    await recordAudit(tx, { entite: 'user', entiteID: target.id, action: 'delete', ...auteurOf(me), avant: auditView(target) });
  });
}

/**
 * Updates the profile fields of a user the caller may see (its own, or another's with the key userUpdate, or a client's
 * with clientUpdate); audit 'update' of the changed fields.
 * @returns the user as answered and whether it was the caller's own
 * @throws 403 another agency's user, or an ADMIN or SUPERADMIN changed by a caller that is not SUPERADMIN
 */
export async function updateProfil(db: Db, id: string, input: ProfilInput, me: CurrentUser) {
  return db.transaction(async (tx) => {
    const target = await findVisibleUser(tx, id, me);
    await assertMayManage(tx, me, target);
    await tx
      .update(users)
      .set({ nom: input.nom, prenoms: input.prenoms, adresse: input.adresse ?? '' })
      .where(eq(users.id, target.id));
    const after = (await findUser(tx, target.id))!;
    const diff = auditDiff(auditView(target), auditView(after));
    if (diff) await recordAudit(tx, { entite: 'user', entiteID: target.id, action: 'update', ...auteurOf(me), ...diff });
    return { user: after, own: target.id === me.id };
  });
}

/**
 * The full phone number of a client (common/phone.ts, the UI's own rule): '+' and digits, e.g. '+221771234567'.
 * @param pays the country of the number (dial code and national length), when known
 * @param field the request field reported with the error
 * @throws 400 with the French message on `field` for a number without digits, with letters, of the wrong length…
 */
export function clientPhone(raw: string | null | undefined, pays: PaysTelephone | null | undefined, field: string): string {
  const result = normalizePhone(raw, pays);
  if (!result.ok) throw badRequest(result.error, { [field]: result.error });
  return result.phone;
}

/** Id of the CLIENT user type. */
export async function clientTypeId(db: Db | Tx): Promise<string> {
  const [row] = await db.select({ id: typeUsers.id }).from(typeUsers).where(eq(typeUsers.code, TYPE_USER_CODES.CLIENT));
  return row.id;
}

/** The CLIENT user type's id as an SQL value: a registration's look-up and insert need no round trip for it. */
export const CLIENT_TYPE_ID = sql<string>`(SELECT ${typeUsers.id} FROM ${typeUsers} WHERE ${typeUsers.code} = ${TYPE_USER_CODES.CLIENT})`;

/** A client as upsertClient answers it: the fields a parcel shows of its sender or recipient (user/query.ts partyColumns). */
export type Party = Pick<typeof users.$inferSelect, 'id' | 'nom' | 'prenoms' | 'telephone' | 'telephoneComplet' | 'email' | 'adresse'>;

/** The columns of a Party (user/query.ts partyColumns) as SQL, named as Party names them. */
const partySql = sql`id, nom, prenoms, telephone, telephone_complet AS "telephoneComplet", email, adresse`;

/**
 * The client rule of a registration as two CTEs, `<name>_found` (the client with the full phone, if any) and
 * `<name>_new` (else the client inserted with it), each answering Party's columns: together exactly one row. The
 * insert runs only when the look-up found nothing: a known client is read, never written. Its e-mail is dropped when
 * another user has it (emailTaken's rule). A client inserted meanwhile by a concurrent transaction (the unique index
 * on (user type, phone)) is returned by the insert's ON CONFLICT, which rewrites its phone as it is: never no row.
 * Placeholders, prefixed by `name`: `Mode` (the CTEs run for 'phone' only, else give no row), `Id` (the new client's
 * id, a uuidv7), `Nom`, `Prenoms`, `Tel` (the full phone), `Telephone`, `Email` (or null), `Adresse`.
 * @param gate a relation the insert runs once per row of, none by default (the registration's claim: a parcel the
 *   departure refuses makes no client)
 * @param after a CTE of the same statement giving one row, run before this insert (the registration's recipient
 *   after its sender: two registrations insert their new clients in the same order, never each waiting for the other)
 */
export function clientUpsertCtes(name: string, gate: SQL = sql`(SELECT 1) g`, after?: string): SQL {
  const p = (key: string) => sql`${sql.placeholder(name + key)}::text`;
  return sql`${sql.raw(`${name}_found`)} AS (
    SELECT ${partySql} FROM ${users}
     WHERE ${p('Mode')} = 'phone' AND ${users.typeUserID} = ${CLIENT_TYPE_ID} AND ${users.telephoneComplet} = ${p('Tel')}
  ), ${sql.raw(`${name}_new`)} AS (
    INSERT INTO ${users} (id, nom, prenoms, telephone_complet, telephone, email, adresse, type_user_id)
    SELECT ${sql.placeholder(name + 'Id')}::uuid, ${p('Nom')}, ${p('Prenoms')}, ${p('Tel')}, ${p('Telephone')},
           CASE WHEN EXISTS (SELECT 1 FROM ${users} WHERE lower(${users.email}) = lower(${p('Email')})) THEN NULL ELSE ${p('Email')} END,
           ${p('Adresse')}, ${CLIENT_TYPE_ID}
      FROM ${gate}
     WHERE ${p('Mode')} = 'phone' AND NOT EXISTS (SELECT 1 FROM ${sql.raw(`${name}_found`)})
       ${after ? sql`AND EXISTS (SELECT 1 FROM ${sql.raw(after)})` : sql``}
    ON CONFLICT (type_user_id, telephone_complet) DO UPDATE SET telephone_complet = EXCLUDED.telephone_complet
    RETURNING ${partySql}
  )`;
}

/** The placeholders' values of clientUpsertCtes `name` for a client to find or create by phone. */
export function clientUpsertValues(
  name: string,
  c: { telephoneComplet: string; nom: string; prenoms?: string; telephone?: string; email?: string | null; adresse?: string | null },
): Record<string, unknown> {
  return {
    [`${name}Mode`]: 'phone',
    [`${name}Tel`]: c.telephoneComplet,
    [`${name}Id`]: uuidv7(),
    [`${name}Nom`]: c.nom,
    [`${name}Prenoms`]: c.prenoms ?? '',
    [`${name}Telephone`]: c.telephone ?? c.telephoneComplet,
    [`${name}Email`]: c.email?.trim() || null,
    [`${name}Adresse`]: c.adresse ?? '',
  };
}

/** upsertClient's statement, built once (db/fast/reusable.ts reusableSql): clientUpsertCtes `c`, its one row. */
const clientUpsertQuery = reusableSql<Party>(sql`WITH ${clientUpsertCtes('c')} SELECT * FROM c_found UNION ALL SELECT * FROM c_new`);

/**
 * Returns the client with this full phone, creating it when absent (safe under concurrency: the unique index on
 * (user type, phone) decides). An existing client is reused as it is. An e-mail already used by another account is
 * not stored on the new client (e-mails are unique among users). One statement (clientUpsertCtes), known client or
 * new, created meanwhile by a concurrent registration included (docs/decisions/registration-write.md).
 * @param c.telephoneComplet the phone as given, normalised here with the country's rules (common/phone.ts)
 * @param c.pays the country of the phone (the departure's destination for a recipient, its origin for a sender)
 * @param c.field the request field of the phone, for the error
 * @returns the client's id and the fields a parcel shows of it (Party)
 * @throws 400 when the phone is not a valid number: no client is created or reused
 */
export async function upsertClient(
  tx: Tx,
  c: {
    nom: string;
    prenoms?: string;
    telephoneComplet: string;
    pays?: PaysTelephone | null;
    field?: string;
    telephone?: string;
    email?: string | null;
    adresse?: string | null;
  },
): Promise<Party> {
  const telephoneComplet = clientPhone(c.telephoneComplet, c.pays, c.field ?? 'telephoneComplet');
  const [upserted] = await clientUpsertQuery(tx, clientUpsertValues('c', { ...c, telephoneComplet }));
  return upserted;
}
