/**
 * Access rules under random administration (common/autorisationRules.ts, migration 0018; docs/decisions/no-lock-out.md):
 * fast-check draws sequences of administration calls — grant, revoke, switch a key on or off, deactivate or reactivate
 * a role, a user or an agency, rename a role or change its reach, create a role, give a user a role — each made through
 * the API by an administrator drawn among an ADMIN, a SUPERADMIN, two agency administrators (Paris, Dakar) and an
 * agent. After every step, whatever the answer:
 * 1. at least one active user (active role, active agency if any) still reaches `autorisation`;
 * 2. nobody holds a key or a reach they were not given by someone who held it: every key a user holds comes from a link
 *    present at the start or granted by a holder of that key, through a role given to the user at the start or by an
 *    actor holding every key of that role; a user reaching every agency has a role that reached every agency at the
 *    start or was made to by a SUPERADMIN; a SUPERADMIN was one at the start or was made one by a SUPERADMIN;
 * 3. nobody changed the grants of their own role (but a SUPERADMIN), and the system roles keep their codes;
 * 4. an administrator bound to one agency changed (grants, revokes, status, record) no role that had, at that moment,
 *    a user outside its agency (security probe 2026-12-01 F1), switched no agency on or off (F3), and changed no user
 *    whose role was wider than its power — ADMIN or SUPERADMIN, every agency, a key it lacks (F5). The roles' users'
 *    agencies are read here straight from the users table, not through the server's query. The cast has custom roles
 *    used only in Paris, only in Dakar, in both, and a role that sees every agency placed in Paris.
 * The counts of the run (sequences, steps, answers) are printed for the record.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { and, eq, inArray } from 'drizzle-orm';
import { ROLE_CODES, type PermissionKey } from '../../common/permissions';
import { loadCurrentUser, type CurrentUser } from '../../server/auth/currentUser';
import { agences, autorisations, privileges, roles, typeUsers, users } from '../../server/db/schema';
import { setupTestApp, type TestContext } from './helpers';
import { AGENCY_ADMIN_KEYS, insertRoleWithKeys } from './fixtures';

let t: TestContext;

/** The keys the sequences play with: access administration, and ordinary ones. */
const KEYS: PermissionKey[] = [
  'autorisation',
  'roleUpdate',
  'roleUpdateStatut',
  'user',
  'userUpdate',
  'userUpdateStatut',
  'permissionUpdateStaut',
  'userDelete',
  'auditListe',
  'colis',
  'stats',
  'pays',
];

interface Actor {
  name: string;
  id: string;
  token: string;
}
let actors: Actor[] = [];
/** Staff whose role and active flag the sequences change (the actors and two more). */
let staff: { id: string; agenceID: string | null; paysID: string | null; roleID: string | null }[] = [];
let roleIds: string[] = [];
let keyIds: Record<string, string> = {};
let agenceIds: string[] = [];

/** What the provenance check remembers. */
const legitLinks = new Set<string>();
const legitAssign = new Set<string>();
const legitReach = new Set<string>();
const legitSuper = new Set<string>();
const violations: string[] = [];
const stats = { sequences: 0, steps: 0, byStatus: {} as Record<string, number>, byAction: {} as Record<string, number> };

beforeAll(async () => {
  t = await setupTestApp();
  const db = t.database.db;
  // The agency administrators also hold the agencies' keys: only the agencies' scope keeps them off (F3).
  const agenceKeys: PermissionKey[] = ['agence', 'agenceUpdate', 'agenceUpdateStatut'];
  await insertRoleWithKeys(db, 'CHEF_PAR', [...AGENCY_ADMIN_KEYS, ...agenceKeys]);
  await insertRoleWithKeys(db, 'CHEF_DKR', [...AGENCY_ADMIN_KEYS.filter((k) => k !== 'permissionUpdateStaut'), ...agenceKeys]);
  const sa = await t.createStaff('SUPERADMIN');
  const chefPar = await t.createStaff('CHEF_PAR', { agenceCode: 'PAR1' });
  const chefDkr = await t.createStaff('CHEF_DKR', { agenceCode: 'DKR1' });
  const agent = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  const extraPar = await t.createStaff('AGENT', { agenceCode: 'PAR1' });
  const extraDkr = await t.createStaff('AGENT', { agenceCode: 'DKR1' });
  // Each agency's own roles, one both use, and a role that sees every agency placed in Paris (F1, F5).
  await insertRoleWithKeys(db, 'GUICHET_PAR', ['colis', 'stats']);
  await insertRoleWithKeys(db, 'GUICHET_DKR', ['colis', 'stats']);
  await insertRoleWithKeys(db, 'GUICHET_MIXTE', ['colis']);
  await insertRoleWithKeys(db, 'DIRECTION', ['colis', 'stats', 'auditListe']);
  await db.update(roles).set({ toutesAgences: true }).where(eq(roles.code, 'DIRECTION'));
  const guichets = [
    await t.createStaff('GUICHET_PAR', { agenceCode: 'PAR1' }),
    await t.createStaff('GUICHET_DKR', { agenceCode: 'DKR1' }),
    await t.createStaff('GUICHET_MIXTE', { agenceCode: 'PAR1' }),
    await t.createStaff('GUICHET_MIXTE', { agenceCode: 'DKR1' }),
    await t.createStaff('DIRECTION', { agenceCode: 'PAR1' }),
  ];
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleID))
    .where(eq(roles.systeme, ROLE_CODES.ADMIN));
  actors = [
    { name: 'admin', id: admin.id, token: t.adminToken },
    { name: 'superadmin', ...sa },
    { name: 'chefPar', ...chefPar },
    { name: 'chefDkr', ...chefDkr },
    { name: 'agent', ...agent },
  ];
  const ids = [...actors.map((a) => a.id), extraPar.id, extraDkr.id, ...guichets.map((g) => g.id)];
  staff = await db
    .select({ id: users.id, agenceID: users.agenceID, paysID: users.paysID, roleID: users.roleID })
    .from(users)
    .where(inArray(users.id, ids));
  // createStaff leaves the country empty: the staff form needs the agency's.
  for (const s of staff) {
    if (!s.paysID && s.agenceID) {
      const [a] = await db.select({ paysID: agences.paysID }).from(agences).where(eq(agences.id, s.agenceID));
      s.paysID = a.paysID;
    }
    if (!s.paysID) s.paysID = (await db.select({ id: agences.paysID }).from(agences).limit(1))[0].id;
  }
  roleIds = (await db.select({ id: roles.id }).from(roles)).map((r) => r.id);
  keyIds = Object.fromEntries(
    (await db.select({ id: privileges.id, libelle: privileges.libelle }).from(privileges).where(inArray(privileges.libelle, KEYS))).map(
      (p) => [p.libelle, p.id],
    ),
  );
  agenceIds = (
    await db
      .select({ id: agences.id })
      .from(agences)
      .where(inArray(agences.code, ['PAR1', 'DKR1']))
  ).map((a) => a.id);
  // The start: what is given now is given.
  for (const l of await db.select({ roleID: autorisations.roleID, privilegeID: autorisations.privilegeID }).from(autorisations)) {
    const [p] = await db.select({ libelle: privileges.libelle }).from(privileges).where(eq(privileges.id, l.privilegeID));
    legitLinks.add(`${l.roleID}|${p.libelle}`);
  }
  for (const u of await db.select({ id: users.id, roleID: users.roleID }).from(users)) legitAssign.add(`${u.id}|${u.roleID}`);
  for (const r of await db.select({ id: roles.id, toutes: roles.toutesAgences }).from(roles)) if (r.toutes) legitReach.add(r.id);
  legitSuper.add(sa.id);
});
afterAll(async () => {
  console.log(`[accessProperty] ${JSON.stringify(stats)} violations=${violations.length}`);
  await t.close();
});

/** One administration call, as drawn. */
type Action =
  | { kind: 'grant' | 'revoke'; actor: number; role: number; key: number }
  | { kind: 'privilege'; actor: number; key: number; isActive: boolean }
  | { kind: 'roleActive'; actor: number; role: number; isActive: boolean }
  | { kind: 'userActive'; actor: number; user: number; isActive: boolean }
  | { kind: 'agenceActive'; actor: number; agence: number; isActive: boolean }
  | { kind: 'editRole'; actor: number; role: number; code: string | null; toutesAgences: boolean | null }
  | { kind: 'createRole'; actor: number; toutesAgences: boolean }
  | { kind: 'assign'; actor: number; user: number; role: number };

const idx = fc.nat({ max: 1000 });
const actionArb: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constantFrom('grant' as const, 'revoke' as const), actor: idx, role: idx, key: idx }),
  fc.record({ kind: fc.constant('privilege' as const), actor: idx, key: idx, isActive: fc.boolean() }),
  fc.record({ kind: fc.constant('roleActive' as const), actor: idx, role: idx, isActive: fc.boolean() }),
  fc.record({ kind: fc.constant('userActive' as const), actor: idx, user: idx, isActive: fc.boolean() }),
  fc.record({ kind: fc.constant('agenceActive' as const), actor: idx, agence: idx, isActive: fc.boolean() }),
  fc.record({
    kind: fc.constant('editRole' as const),
    actor: idx,
    role: idx,
    code: fc.constantFrom(null, 'SUPERADMIN', 'ADMIN', 'AGENT', 'CLIENT', 'RENOMME'),
    toutesAgences: fc.constantFrom(null, true, false),
  }),
  fc.record({ kind: fc.constant('createRole' as const), actor: idx, toutesAgences: fc.boolean() }),
  fc.record({ kind: fc.constant('assign' as const), actor: idx, user: idx, role: idx }),
);

const pick = <T>(list: readonly T[], i: number): T => list[i % list.length];
let created = 0;

/** The keys a role holds now (links and keys active), read straight from the tables. */
async function keysOf(roleId: string): Promise<string[]> {
  const rows = await t.database.db
    .select({ libelle: privileges.libelle })
    .from(autorisations)
    .innerJoin(privileges, eq(privileges.id, autorisations.privilegeID))
    .where(and(eq(autorisations.roleID, roleId), eq(autorisations.isActive, true), eq(privileges.isActive, true)));
  return rows.map((k) => k.libelle);
}

/**
 * Whether the role has, now, a user outside the agency of `me`, an actor bound to one agency (false for an actor who
 * sees every agency or a SUPERADMIN): the agencies of its users as the users table holds them.
 */
async function usedElsewhere(roleId: string, me: CurrentUser): Promise<boolean> {
  if (me.allAgences || me.isSuperadmin) return false;
  const rows = await t.database.db.selectDistinct({ agenceID: users.agenceID }).from(users).where(eq(users.roleID, roleId));
  return rows.some((r) => r.agenceID !== me.agenceID);
}

/** Whether the user's role is, now, wider than the power of `me`: ADMIN or SUPERADMIN, every agency, a key it lacks. */
async function widerThan(userId: string, me: CurrentUser): Promise<boolean> {
  if (me.isSuperadmin) return false;
  const [u] = await t.database.db
    .select({ roleID: users.roleID, systeme: roles.systeme, toutes: roles.toutesAgences })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleID))
    .where(eq(users.id, userId));
  if (!u) return false;
  if (u.systeme === ROLE_CODES.ADMIN || u.systeme === ROLE_CODES.SUPERADMIN) return true;
  if (u.toutes && !me.allAgences) return true;
  return (await keysOf(u.roleID!)).some((k) => !me.permissions.has(k));
}

/** Runs one action through the API; returns the answer's status and what the provenance check must learn. */
async function run(action: Action): Promise<number> {
  const db = t.database.db;
  const actor = pick(actors, action.actor);
  const me = (await loadCurrentUser(db, actor.id))!;
  // The actor signs in again when a change ended its session (a deactivated account, role or agency still gets 401).
  actor.token = t.app.tokens.sign(actor.id, me.tokenVersion);
  const call = (method: string, url: string, body?: unknown) => t.call(method, url, { token: actor.token, body });
  const holds = (key: string) => me.isSuperadmin || me.permissions.has(key);
  switch (action.kind) {
    case 'grant':
    case 'revoke': {
      const roleId = pick(roleIds, action.role);
      const key = pick(KEYS, action.key);
      const elsewhere = await usedElsewhere(roleId, me);
      const res = await call('PUT', `/api/autorisation/updateMany/${roleId}`, {
        privilegeIDs: [keyIds[key]],
        isActive: action.kind === 'grant',
      });
      if (res.status === 200 && elsewhere) violations.push(`${actor.name} ${action.kind} on a role used in another agency`);
      if (res.status === 200) {
        if (roleId === me.roleID && !me.isSuperadmin) violations.push(`own role changed by ${actor.name}`);
        if (action.kind === 'grant') {
          if (!holds(key)) violations.push(`${actor.name} granted ${key} without holding it`);
          legitLinks.add(`${roleId}|${key}`);
        }
      }
      return res.status;
    }
    case 'privilege':
      return (await call('PUT', `/api/privilege/update/${keyIds[pick(KEYS, action.key)]}`, { isActive: action.isActive })).status;
    case 'roleActive': {
      const roleId = pick(roleIds, action.role);
      const elsewhere = await usedElsewhere(roleId, me);
      const res = await call('PUT', `/api/role/update/${roleId}`, { isActive: action.isActive });
      if (res.status === 200 && elsewhere) violations.push(`${actor.name} switched a role used in another agency`);
      return res.status;
    }
    case 'userActive': {
      const target = pick(staff, action.user);
      const wider = target.id !== me.id && (await widerThan(target.id, me));
      const res = await call('PUT', `/api/user/update/${target.id}`, { isActive: action.isActive });
      if (res.status === 200 && wider) violations.push(`${actor.name} switched a user of a wider role`);
      return res.status;
    }
    case 'agenceActive': {
      const res = await call('PUT', `/api/agence/update/${pick(agenceIds, action.agence)}?force=true`, { isActive: action.isActive });
      if (res.status === 200 && !me.allAgences && !me.isSuperadmin) violations.push(`${actor.name} switched an agency`);
      return res.status;
    }
    case 'editRole': {
      const roleId = pick(roleIds, action.role);
      const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
      const body: Record<string, unknown> = { code: action.code ?? role.code, libelle: role.libelle, description: role.description || 'x' };
      if (action.toutesAgences !== null) body.toutesAgences = action.toutesAgences;
      const elsewhere = await usedElsewhere(roleId, me);
      const res = await call('PUT', `/api/role/update/${roleId}`, body);
      if (res.status === 200 && elsewhere) violations.push(`${actor.name} edited a role used in another agency`);
      if (res.status === 200 && action.toutesAgences && !role.toutesAgences) {
        if (!me.isSuperadmin) violations.push(`${actor.name} widened a role's reach`);
        legitReach.add(roleId);
      }
      return res.status;
    }
    case 'createRole': {
      const code = `PROP${++created}`;
      const res = await call('POST', '/api/role/create', { code, libelle: code, description: 'x', toutesAgences: action.toutesAgences });
      if (res.status === 200) {
        roleIds.push(res.body.data.id);
        if (action.toutesAgences) {
          if (!me.isSuperadmin) violations.push(`${actor.name} created a role reaching every agency`);
          legitReach.add(res.body.data.id);
        }
      }
      return res.status;
    }
    case 'assign': {
      const target = pick(staff, action.user);
      const roleId = pick(roleIds, action.role);
      const [role] = await db.select().from(roles).where(eq(roles.id, roleId));
      const keys = (
        await db
          .select({ libelle: privileges.libelle })
          .from(autorisations)
          .innerJoin(privileges, eq(privileges.id, autorisations.privilegeID))
          .where(and(eq(autorisations.roleID, roleId), eq(autorisations.isActive, true), eq(privileges.isActive, true)))
      ).map((k) => k.libelle);
      // Keeping a user's role is not giving it: the server checks the giver's power only on a change.
      const before = (await loadCurrentUser(db, target.id))?.roleID;
      const wider = target.id !== me.id && (await widerThan(target.id, me));
      const res = await call('PUT', `/api/user/update/${target.id}`, {
        nom: 'Testeur',
        prenoms: 'Propriété',
        adresse: 'Adresse',
        paysID: target.paysID,
        roleID: roleId,
        agenceID: target.agenceID,
      });
      if (res.status === 200 && role.id !== (await loadCurrentUser(db, target.id))?.roleID) violations.push('assignment not applied');
      if (res.status === 200 && wider) violations.push(`${actor.name} changed a user of a wider role`);
      if (res.status === 200 && before !== roleId) {
        const gave = role.systeme === ROLE_CODES.SUPERADMIN;
        if (!me.isSuperadmin && (gave || keys.some((k) => !holds(k)) || (role.toutesAgences && !me.allAgences))) {
          violations.push(`${actor.name} gave role ${role.code} beyond its own power`);
        }
        legitAssign.add(`${target.id}|${roleId}`);
        if (gave) legitSuper.add(target.id);
      }
      return res.status;
    }
  }
}

/**
 * Each sequence starts from the cast as it was: the staff active in their first role, their agencies, every role and
 * the drawn keys active (test set-up, straight in the database; links granted by earlier sequences stay, and they
 * were checked when granted). Without it, the first sequences that close the actors' accounts leave the others
 * nothing to try but 401s.
 */
async function resetCast() {
  const db = t.database.db;
  for (const s of staff) await db.update(users).set({ isActive: true, roleID: s.roleID, agenceID: s.agenceID }).where(eq(users.id, s.id));
  await db.update(agences).set({ isActive: true }).where(inArray(agences.id, agenceIds));
  await db.update(roles).set({ isActive: true });
  await db.update(privileges).set({ isActive: true }).where(inArray(privileges.libelle, KEYS));
}

/** Whether this user can administer access now. */
const administers = (u: CurrentUser | null) =>
  !!u && u.isActive && u.roleActive && u.agenceActive && u.typeCode === 'ADMIN' && u.permissions.has('autorisation');

/** The invariants of the module comment, on the database as it is now. */
async function checkInvariants(after: string) {
  const db = t.database.db;
  const all = await db
    .select({ id: users.id })
    .from(users)
    .innerJoin(typeUsers, eq(typeUsers.id, users.typeUserID))
    .where(eq(typeUsers.code, 'ADMIN'));
  const loaded = await Promise.all(all.map((u) => loadCurrentUser(db, u.id)));
  if (!loaded.some(administers)) violations.push(`nobody administers after ${after}`);
  for (const u of loaded) {
    if (!u || !u.isActive || !u.roleActive) continue;
    if (u.isSuperadmin) {
      if (!legitSuper.has(u.id) && !legitAssign.has(`${u.id}|${u.roleID}`)) violations.push(`${u.id} became SUPERADMIN after ${after}`);
      continue;
    }
    if (u.allAgences && !legitReach.has(u.roleID!)) violations.push(`${u.id} reaches every agency after ${after}`);
    if (u.permissions.size > 0 && !legitAssign.has(`${u.id}|${u.roleID}`))
      violations.push(`${u.id} holds a role given illegitimately after ${after}`);
    for (const k of u.permissions) {
      if (!legitLinks.has(`${u.roleID}|${k}`)) violations.push(`${u.id} holds ${k} given by a non-holder after ${after}`);
    }
  }
  const system = await db.select({ code: roles.code, systeme: roles.systeme }).from(roles);
  for (const r of system) {
    if (r.systeme && r.code !== r.systeme) violations.push(`system role ${r.systeme} renamed ${r.code}`);
    if (!r.systeme && (Object.values(ROLE_CODES) as string[]).includes(r.code)) violations.push(`role took the system code ${r.code}`);
  }
}

describe('access under random administration (fast-check)', () => {
  it('keeps someone able to administer, and nobody above what they were given', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { minLength: 5, maxLength: 25 }), async (actions) => {
        stats.sequences++;
        await resetCast();
        for (const action of actions) {
          const status = await run(action);
          stats.steps++;
          stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
          const tag = `${action.kind}:${status}`;
          stats.byAction[tag] = (stats.byAction[tag] ?? 0) + 1;
          expect(status, JSON.stringify(action)).toBeLessThan(500);
          await checkInvariants(JSON.stringify(action));
          expect(violations).toEqual([]);
        }
      }),
      { numRuns: Number(process.env.ACCESS_PROPERTY_RUNS ?? 30), endOnFailure: true },
    );
    // The draws reached both sides of the rules: refusals and changes that went through.
    expect(stats.byStatus[200]).toBeGreaterThan(0);
    expect(stats.byStatus[403]).toBeGreaterThan(0);
  }, 240_000);
});
