/**
 * The role–permission assignment screen's rules (src/autorisation/assignment.ts, common/autorisationRules.ts; spec 001
 * §2, §5 "Role-assignment visibility"; docs/decisions/permission-assignment.md): which role tabs a user sees and which
 * are read-only, the 24 groups in the spec's order, the search over keys and descriptions, and what each toggle may do;
 * and how the signed-in user's privileges follow the server (a 403 fires the reload, which invalidates the auth queries
 * when they changed).
 */
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { installBrowserStubs, installFetch } from './helpers';
import { httpRequest } from '../../src/providers/http';
import { FORBIDDEN_EVENT } from '../../src/providers/forbiddenEvent';
import { syncPermissions } from '../../src/providers/permissionsSync';
import { readSession, SESSION_KEY } from '../../src/providers/session';
import { groupPermissions, matchesSearch, roleTabs, toggleRule, visiblePermissions } from '../../src/autorisation/assignment';
import type { AssignmentPermission, AssignmentRole } from '../../src/autorisation/autorisationMethods';
import { PERMISSION_GROUPS } from '../../common/permissions';
import type { Actor } from '../../common/autorisationRules';

const SYSTEM = ['ADMIN', 'SUPERADMIN', 'AGENT', 'CLIENT'] as const;
/** The dates every record the server answers carries. */
const DATES = { createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' };
const role = (code: string, isActive = true): AssignmentRole => ({
  ...DATES,
  id: code.toLowerCase(),
  _id: code.toLowerCase(),
  code,
  description: '',
  libelle: code,
  isActive,
  systeme: SYSTEM.find((s) => s === code) ?? null,
  toutesAgences: code === 'ADMIN' || code === 'SUPERADMIN',
  agencesUtilisateurs: [],
});
const ROLES = [role('ADMIN'), role('SUPERADMIN'), role('AGENT'), role('CLIENT'), role('CHEF'), role('ANCIEN', false)];
const actor = (over: Partial<Actor>): Actor => ({
  roleID: null,
  agenceID: null,
  isSuperadmin: false,
  allAgences: false,
  permissions: new Set(),
  ...over,
});
const ADMIN = actor({ roleID: 'admin', allAgences: true, permissions: new Set(['autorisation', 'colis']) });
const SUPERADMIN = actor({ roleID: 'superadmin', isSuperadmin: true, allAgences: true });
const CHEF = actor({ roleID: 'chef', agenceID: 'paris', permissions: new Set(['autorisation', 'colis']) });
const priv = (libelle: string, groupe: string, description = ''): AssignmentPermission => ({
  ...DATES,
  id: libelle,
  _id: libelle,
  libelle,
  groupe,
  description,
  isActive: true,
});

describe('role tabs', () => {
  it('an ADMIN sees the active roles but ADMIN and SUPERADMIN', () => {
    expect(roleTabs(ROLES, ADMIN).map((t) => [t.role.code, t.readOnly])).toEqual([
      ['AGENT', false],
      ['CLIENT', false],
      ['CHEF', false],
    ]);
  });
  it('a SUPERADMIN edits ADMIN and sees its own role read-only', () => {
    expect(roleTabs(ROLES, SUPERADMIN).map((t) => [t.role.code, t.readOnly])).toEqual([
      ['ADMIN', false],
      ['SUPERADMIN', true],
      ['AGENT', false],
      ['CLIENT', false],
      ['CHEF', false],
    ]);
  });
  it('a user of one agency sees the shared roles and its own role read-only, with the reason', () => {
    expect(roleTabs(ROLES, CHEF).map((t) => [t.role.code, t.refusal])).toEqual([
      ['AGENT', 'sharedRole'],
      ['CLIENT', 'sharedRole'],
      ['CHEF', 'ownRole'],
    ]);
  });
  it('locks for a user of one agency a role used in another agency, as role/liste tells it (probe 2026-12-01 F1)', () => {
    const used = (code: string, agencesUtilisateurs: (string | null)[]): AssignmentRole => ({ ...role(code), agencesUtilisateurs });
    const roles = [used('CAISSE', ['paris']), used('CONSULTANT', ['dakar']), used('MIXTE', ['paris', 'dakar']), used('NEUF', [])];
    expect(roleTabs(roles, CHEF).map((t) => [t.role.code, t.refusal])).toEqual([
      ['CAISSE', null],
      ['CONSULTANT', 'otherAgencyRole'],
      ['MIXTE', 'otherAgencyRole'],
      ['NEUF', null],
    ]);
    // A user who sees every agency edits them all.
    expect(roleTabs(roles, ADMIN).every((t) => !t.readOnly)).toBe(true);
  });
});

describe('groups and search', () => {
  it('puts every permission in its group of 001 §2, in the spec order, unknown groups in Autres', () => {
    const groups = groupPermissions([priv('colis', 'colis'), priv('addColis', 'colis'), priv('special', 'inconnu')]);
    expect(groups.map((g) => g.code)).toEqual(PERMISSION_GROUPS.map((g) => g.code));
    expect(groups.find((g) => g.code === 'colis')!.privileges.map((p) => p.libelle)).toEqual(['addColis', 'colis']);
    expect(groups.find((g) => g.code === 'autres')!.privileges.map((p) => p.libelle)).toEqual(['special']);
    expect(groups.find((g) => g.code === 'mobile')!.privileges).toEqual([]);
  });
  it('matches the key or the description, any case, accents ignored', () => {
    const p = priv('encaissementDelete', 'encaissements', 'Supprimer un encaissement réglé');
    expect(matchesSearch(p, 'DELETE')).toBe(true);
    expect(matchesSearch(p, 'regle')).toBe(true);
    expect(matchesSearch(p, '  ')).toBe(true);
    expect(matchesSearch(p, 'colis')).toBe(false);
  });
});

describe('toggles', () => {
  const special = priv('gererSuperAdmin', 'autres');
  const auto = priv('autorisation', 'autorisation');
  it("hides a 'superadmin' key from an ADMIN unless the role holds it", () => {
    expect(visiblePermissions([special, auto], () => false, ADMIN)).toEqual([auto]);
    expect(visiblePermissions([special, auto], (p) => p === special, ADMIN)).toEqual([special, auto]);
    expect(visiblePermissions([special, auto], () => false, SUPERADMIN)).toEqual([special, auto]);
  });
  it('grants only a key the user holds, revokes any, and nothing on a read-only tab', () => {
    const base = { readOnly: false, actor: ADMIN };
    expect(toggleRule(auto, { ...base, held: true })).toEqual({ enabled: true, notHeld: false });
    expect(toggleRule(auto, { ...base, held: false })).toEqual({ enabled: true, notHeld: false });
    expect(toggleRule(priv('userDelete', 'user'), { ...base, held: false })).toEqual({ enabled: false, notHeld: true });
    expect(toggleRule(priv('userDelete', 'user'), { ...base, held: false, actor: SUPERADMIN }).enabled).toBe(true);
    expect(toggleRule(special, { ...base, held: false }).enabled).toBe(false);
    expect(toggleRule(special, { ...base, held: true }).enabled).toBe(true);
    expect(toggleRule(priv('colis', 'colis'), { ...base, held: true, readOnly: true }).enabled).toBe(false);
  });
});

describe('the privileges follow the server (src/providers/permissionsSync.ts)', () => {
  const session = (libelles: string[]) => ({
    token: 'tok',
    user: { id: 'u1', roleID: { id: 'r1', code: 'AGENT' } },
    privileges: libelles.map((libelle) => ({ libelle, isActive: true })),
  });
  const answer = (libelles: string[]) => ({
    body: {
      success: true,
      datas: libelles.map((libelle) => ({ id: libelle, isActive: true, privilegeID: { id: libelle, libelle, isActive: true } })),
    },
  });

  it('a 403 to a call made with the session fires the event; other refusals and calls without the session do not', async () => {
    installBrowserStubs();
    const dispatched: string[] = [];
    vi.stubGlobal('window', { location: { origin: 'http://test.local' }, dispatchEvent: (e: Event) => dispatched.push(e.type) });
    localStorage.setItem(SESSION_KEY, JSON.stringify(session(['colis'])));
    installFetch({ 'GET colis/liste/u1': { status: 403, body: { success: false, message: 'Non' } }, 'GET x': { status: 409 } });
    await expect(httpRequest('colis/liste/u1')).rejects.toMatchObject({ status: 403 });
    await expect(httpRequest('x')).rejects.toMatchObject({ status: 409 });
    await expect(httpRequest('colis/liste/u1', { auth: false })).rejects.toMatchObject({ status: 403 });
    expect(dispatched).toEqual([FORBIDDEN_EVENT]);
  });

  it("reloads the role's keys and invalidates react-admin's auth queries only when they changed (or when forced)", async () => {
    installBrowserStubs();
    localStorage.setItem(SESSION_KEY, JSON.stringify(session(['colis', 'encaissements'])));
    let keys = ['colis'];
    const calls = installFetch({ 'GET autorisation/listePermissionByRoleID/r1': () => answer(keys) });
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    expect(await syncPermissions(queryClient)).toBe(true);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['auth'] });
    expect(readSession()!.privileges.map((p) => p.libelle)).toEqual(['colis']);
    invalidate.mockClear();
    expect(await syncPermissions(queryClient)).toBe(false);
    expect(invalidate).not.toHaveBeenCalled();
    expect(await syncPermissions(queryClient, true)).toBe(false);
    expect(invalidate).toHaveBeenCalledTimes(1);
    keys = ['colis', 'encaissements'];
    expect(await syncPermissions(queryClient)).toBe(true);
    expect(calls).toHaveLength(4);
  });
});
