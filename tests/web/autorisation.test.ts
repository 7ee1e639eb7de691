/**
 * The role–permission assignment screen's rules (src/autorisation/assignment.ts, common/autorisationRules.ts; spec 001
 * §2, §5 "Role-assignment visibility"; issue 9 §2): which role tabs a user sees and which are read-only, the 24 groups
 * in the spec's order, the search over keys and descriptions, and what each toggle may do; and how the signed-in
 * user's privileges follow the server (a 403 fires the reload, which invalidates the auth queries when they changed).
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

const role = (code: string, isActive = true): AssignmentRole => ({ id: code.toLowerCase(), code, libelle: code, isActive });
const ROLES = [role('ADMIN'), role('SUPERADMIN'), role('AGENT'), role('CLIENT'), role('ANCIEN', false)];
const priv = (libelle: string, groupe: string, description = ''): AssignmentPermission => ({
  id: libelle,
  libelle,
  groupe,
  description,
  isActive: true,
});

describe('role tabs', () => {
  it('an ADMIN sees the active roles but ADMIN and SUPERADMIN', () => {
    expect(roleTabs(ROLES, 'ADMIN').map((t) => [t.role.code, t.readOnly])).toEqual([
      ['AGENT', false],
      ['CLIENT', false],
    ]);
  });
  it('a SUPERADMIN edits ADMIN and sees its own role read-only', () => {
    expect(roleTabs(ROLES, 'SUPERADMIN').map((t) => [t.role.code, t.readOnly])).toEqual([
      ['ADMIN', false],
      ['SUPERADMIN', true],
      ['AGENT', false],
      ['CLIENT', false],
    ]);
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
    expect(visiblePermissions([special, auto], () => false, 'ADMIN')).toEqual([auto]);
    expect(visiblePermissions([special, auto], (p) => p === special, 'ADMIN')).toEqual([special, auto]);
    expect(visiblePermissions([special, auto], () => false, 'SUPERADMIN')).toEqual([special, auto]);
  });
  it("locks 'autorisation' on one's own role only, and everything on a read-only tab", () => {
    const base = { readOnly: false, userRoleCode: 'GEST' };
    expect(toggleRule(auto, { ...base, held: true, ownRole: true })).toEqual({ enabled: false, ownLocked: true });
    expect(toggleRule(auto, { ...base, held: true, ownRole: false })).toEqual({ enabled: true, ownLocked: false });
    expect(toggleRule(auto, { ...base, held: false, ownRole: true })).toEqual({ enabled: true, ownLocked: false });
    expect(toggleRule(special, { ...base, held: false, ownRole: false }).enabled).toBe(false);
    expect(toggleRule(special, { ...base, held: true, ownRole: false }).enabled).toBe(true);
    expect(toggleRule(priv('colis', 'colis'), { ...base, held: true, ownRole: false, readOnly: true }).enabled).toBe(false);
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
