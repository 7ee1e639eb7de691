/**
 * authProvider (spec 000 §2 Login, Forgot password, Profile settings, §4 Session, §6 permissions; 001 §6): login,
 * privileges, identity, access rules, errors, and the credential calls (password change and recovery).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ALL_PERMISSION_KEYS } from '../../common/permissions';
import { fakeJwt, installBrowserStubs, installFetch } from './helpers';
import { authProvider, canAccessWith, permissionsFromAutorisations, reloadPermissions } from '../../src/providers/authProvider';
import { readSession, SESSION_KEY, type Session } from '../../src/providers/session';

const ADMIN_USER = {
  id: 'u1',
  _id: 'u1',
  nom: 'Kouassi',
  prenoms: 'Awa Marie',
  email: 'admin@colis.local',
  typeUserID: { id: 't1', code: 'ADMIN', libelle: 'Administration' },
  roleID: { id: 'r1', code: 'ADMIN', libelle: 'Administrateur' },
  agenceID: null,
};

/** An authorisation row as the server answers it. */
const auth = (libelle: string, isActive: boolean, permissionActive = true) => ({
  id: `a-${libelle}`,
  roleID: 'r1',
  isActive,
  privilegeID: { id: `p-${libelle}`, libelle, isActive: permissionActive },
});

/** A session with the given privileges and role code. */
const session = (keys: Record<string, boolean>, roleCode = 'ADMIN'): Session => ({
  token: 'tok',
  // The server's session says the role's reach (ADMIN and SUPERADMIN see every agency).
  user: { ...ADMIN_USER, roleID: { id: 'r1', code: roleCode, toutesAgences: roleCode === 'ADMIN' || roleCode === 'SUPERADMIN' } },
  privileges: Object.entries(keys).map(([libelle, isActive]) => ({ libelle, isActive })),
});

describe('authProvider.login', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = installBrowserStubs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('posts {email, password, type: ADMIN} without a token, loads the role privileges with the new token and stores one session', async () => {
    const calls = installFetch({
      'POST auth/loginAD': { body: { success: true, token: 'jwt-1', data: ADMIN_USER } },
      'GET autorisation/listePermissionByRoleID/r1': {
        body: {
          success: true,
          datas: [
            auth('pays', true),
            auth('addPays', false), // authorisation inactive
            auth('paysDelete', true, false), // privilege inactive
            { id: 'bad', isActive: true, privilegeID: 'p-raw' }, // not populated: skipped
          ],
        },
      },
    });
    await authProvider.login({ email: ' admin@colis.local ', password: 'Admin123!' });

    expect(calls[0].url.pathname).toBe('/api/auth/loginAD');
    expect(calls[0].method).toBe('POST');
    expect(calls[0].body).toEqual({ email: 'admin@colis.local', password: 'Admin123!', type: 'ADMIN' });
    expect(calls[0].headers.Authorization).toBeUndefined();
    expect(calls[1].url.pathname).toBe('/api/autorisation/listePermissionByRoleID/r1');
    expect(calls[1].headers.Authorization).toBe('Bearer jwt-1');

    expect([...store.keys()]).toEqual([SESSION_KEY]);
    const stored = JSON.parse(store.get(SESSION_KEY)!);
    expect(stored.token).toBe('jwt-1');
    expect(stored.user.nom).toBe('Kouassi');
    expect(stored.privileges).toEqual([
      { libelle: 'pays', isActive: true },
      { libelle: 'addPays', isActive: false },
      { libelle: 'paysDelete', isActive: false },
    ]);
    expect(await authProvider.getPermissions!({})).toEqual(stored.privileges);
    expect(await authProvider.getIdentity()).toEqual({
      id: 'u1',
      fullName: 'Kouassi Awa Marie',
      roleID: { id: 'r1', code: 'ADMIN', libelle: 'Administrateur' },
      agenceID: null,
    });
  });

  it("refuses a user whose type is not ADMIN with 'Accès non autorisé' and stores nothing", async () => {
    installFetch({
      'POST auth/loginAD': { body: { success: true, token: 'jwt-2', data: { ...ADMIN_USER, typeUserID: { id: 't2', code: 'CLIENT' } } } },
    });
    await expect(authProvider.login({ email: 'c@x.fr', password: 'x' })).rejects.toThrow('Accès non autorisé');
    expect(store.size).toBe(0);
  });

  it('shows the server message of a refused login', async () => {
    installFetch({ 'POST auth/loginAD': { status: 401, body: { success: false, message: 'Email ou mot de passe incorrect' } } });
    await expect(authProvider.login({ email: 'a@b.fr', password: 'bad' })).rejects.toThrow('Email ou mot de passe incorrect');
    installFetch({ 'POST auth/loginAD': { status: 403, body: { success: false, message: 'Accès non autorisé' } } });
    await expect(authProvider.login({ email: 'a@b.fr', password: 'x' })).rejects.toThrow('Accès non autorisé');
    expect(store.size).toBe(0);
  });
});

describe('authProvider session checks', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = installBrowserStubs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('checkAuth resolves with a session, rejects without one, and drops an expired token', async () => {
    await expect(authProvider.checkAuth({})).rejects.toThrow();
    store.set(SESSION_KEY, JSON.stringify(session({ pays: true })));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    store.set(SESSION_KEY, JSON.stringify({ ...session({}), token: fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 }) }));
    await expect(authProvider.checkAuth({})).resolves.toBeUndefined();
    store.set(SESSION_KEY, JSON.stringify({ ...session({}), token: fakeJwt({ exp: Math.floor(Date.now() / 1000) - 10 }) }));
    await expect(authProvider.checkAuth({})).rejects.toThrow();
    expect(store.has(SESSION_KEY)).toBe(false);
  });

  it('checkError logs out on 401 but not on 403 or other errors', async () => {
    store.set(SESSION_KEY, JSON.stringify(session({ pays: true })));
    await expect(authProvider.checkError({ status: 403 })).resolves.toBeUndefined();
    await expect(authProvider.checkError({ status: 500 })).resolves.toBeUndefined();
    expect(store.has(SESSION_KEY)).toBe(true);
    await expect(authProvider.checkError({ status: 401 })).rejects.toThrow('app.auth.session_expired');
    expect(store.has(SESSION_KEY)).toBe(false);
  });

  it('logout clears the session and goes to /login', async () => {
    store.set(SESSION_KEY, JSON.stringify(session({ pays: true })));
    expect(await authProvider.logout({})).toBe('/login');
    expect(store.size).toBe(0);
  });

  it('reloadPermissions replaces the stored privileges', async () => {
    store.set(SESSION_KEY, JSON.stringify(session({ pays: true })));
    const calls = installFetch({
      'GET autorisation/listePermissionByRoleID/r1': { body: { success: true, datas: [auth('pays', false), auth('villes', true)] } },
    });
    const privileges = await reloadPermissions();
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(privileges).toEqual([
      { libelle: 'pays', isActive: false },
      { libelle: 'villes', isActive: true },
    ]);
    expect(readSession()!.privileges).toEqual(privileges);
  });

  it("getIdentity gives the role and agency the parcel screens read (an agent's own agency)", async () => {
    const agent = {
      ...session({ colis: true }, 'AGENT'),
      user: { ...ADMIN_USER, roleID: { id: 'r2', code: 'AGENT' }, agenceID: { id: 'ag1' } },
    };
    store.set(SESSION_KEY, JSON.stringify(agent));
    const identity = await authProvider.getIdentity();
    expect(identity.roleID?.code).toBe('AGENT');
    expect(identity.agenceID?.id).toBe('ag1');
  });
});

describe('authProvider credential calls', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = installBrowserStubs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('changePassword posts the passwords with the session token and stores the fresh token of the answer', async () => {
    store.set(SESSION_KEY, JSON.stringify(session({ profil: true })));
    const calls = installFetch({
      'POST auth/changePassword/u1': { body: { success: true, message: 'Mise à jour des informations réussie !', token: 'fresh' } },
    });
    expect(await authProvider.changePassword('u1', { oldPassword: 'Old12345!', newPassword: 'New12345!' })).toBe(
      'Mise à jour des informations réussie !',
    );
    expect(calls[0].headers.Authorization).toBe('Bearer tok');
    expect(calls[0].body).toEqual({ oldPassword: 'Old12345!', newPassword: 'New12345!' });
    expect(readSession()!.token).toBe('fresh');
    expect(readSession()!.user.nom).toBe('Kouassi');
  });

  it('a wrong old password (401) rejects with its status and keeps the session', async () => {
    store.set(SESSION_KEY, JSON.stringify(session({ profil: true })));
    installFetch({
      'POST auth/changePassword/u1': {
        status: 401,
        body: { success: false, message: 'Mise à jour échouée, ancien mot de passe incorrect !' },
      },
    });
    await expect(authProvider.changePassword('u1', { oldPassword: 'bad', newPassword: 'New12345!' })).rejects.toMatchObject({
      status: 401,
    });
    expect(readSession()!.token).toBe('tok');
  });

  it('password recovery: the code request and the reset are sent without a token', async () => {
    const calls = installFetch({
      'POST auth/forgotPassword': { body: { success: true } },
      'POST auth/validerPassword': { body: { success: true } },
    });
    await authProvider.requestPasswordReset({ telephoneComplet: '+33612345678', email: 'a@b.fr' });
    await authProvider.resetPassword({ telephoneComplet: '+33612345678', otp: '1234', newPassword: 'New12345!' });
    expect(calls.map((c) => [c.method, c.url.pathname, c.headers.Authorization])).toEqual([
      ['POST', '/api/auth/forgotPassword', undefined],
      ['POST', '/api/auth/validerPassword', undefined],
    ]);
    expect(calls[0].body).toEqual({ telephoneComplet: '+33612345678', email: 'a@b.fr' });
    expect(calls[1].body).toEqual({ telephoneComplet: '+33612345678', otp: '1234', newPassword: 'New12345!' });
    installFetch({ 'POST auth/validerPassword': { status: 400, body: { success: false, message: 'Code OTP invalide' } } });
    await expect(authProvider.resetPassword({ telephoneComplet: '+33612345678', otp: '0000', newPassword: 'x' })).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('canAccess (RESOURCE_KEYS)', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = installBrowserStubs();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('maps each action of a resource to its key; inactive keys do not count', () => {
    const s = session({ pays: true, addPays: true, paysUpdate: false, paysUpdateStatut: true, villes: false });
    expect(canAccessWith(s, 'pays', 'list')).toBe(true);
    expect(canAccessWith(s, 'pays', 'create')).toBe(true);
    expect(canAccessWith(s, 'pays', 'edit')).toBe(false); // present but inactive
    expect(canAccessWith(s, 'pays', 'delete')).toBe(false); // absent
    expect(canAccessWith(s, 'pays', 'active')).toBe(true);
    expect(canAccessWith(s, 'villes', 'list')).toBe(false);
  });

  it("'show' and 'export' fall back to list, 'clone' to create; unknown actions are refused", () => {
    const s = session({ pays: true, colisDetail: true });
    expect(canAccessWith(s, 'pays', 'show')).toBe(true);
    expect(canAccessWith(s, 'pays', 'export')).toBe(true);
    expect(canAccessWith(s, 'pays', 'clone')).toBe(false);
    expect(canAccessWith(s, 'pays', 'frobnicate')).toBe(false);
    // a resource with its own show key uses it
    expect(canAccessWith(s, 'colis', 'show')).toBe(true);
    expect(canAccessWith(s, 'colis', 'list')).toBe(false);
  });

  it('dashboard is always allowed, a key-named route needs its key, anything else is refused', () => {
    const s = session({ profil: true });
    expect(canAccessWith(s, 'dashboard', 'list')).toBe(true);
    expect(canAccessWith(s, 'profil', 'list')).toBe(true);
    expect(canAccessWith(s, 'autorisation', 'list')).toBe(false);
    // @ts-expect-error a name that is neither a resource nor a key does not compile; at run time it is refused
    expect(canAccessWith(s, 'nimporte', 'list')).toBe(false);
    expect(canAccessWith(null, 'dashboard', 'list')).toBe(false);
  });

  it('SUPERADMIN holds every key, even without authorisations', async () => {
    const s = session({}, 'SUPERADMIN');
    expect(canAccessWith(s, 'pays', 'delete')).toBe(true);
    expect(canAccessWith(s, 'typeOperation', 'active')).toBe(true);
    expect(canAccessWith(s, 'autorisation', 'list')).toBe(true);
    store.set(SESSION_KEY, JSON.stringify(s));
    const permissions = (await authProvider.getPermissions!({})) as { libelle: string; isActive: boolean }[];
    expect(permissions.filter((p) => p.isActive).map((p) => p.libelle)).toEqual(expect.arrayContaining([...ALL_PERMISSION_KEYS]));
    expect(await authProvider.canAccess!({ resource: 'user', action: 'create' })).toBe(true);
  });

  it('authProvider.canAccess reads the stored session', async () => {
    expect(await authProvider.canAccess!({ resource: 'pays', action: 'list' })).toBe(false);
    store.set(SESSION_KEY, JSON.stringify(session({ pays: true })));
    expect(await authProvider.canAccess!({ resource: 'pays', action: 'list' })).toBe(true);
    expect(await authProvider.canAccess!({ resource: 'pays', action: 'edit' })).toBe(false);
    expect(await authProvider.canAccess!({ resource: 'nimporte', action: 'list' })).toBe(false);
  });
});

describe('permissionsFromAutorisations', () => {
  it('needs both flags true and ignores malformed rows', () => {
    expect(permissionsFromAutorisations(undefined)).toEqual([]);
    expect(
      permissionsFromAutorisations([
        { isActive: true, privilegeID: { libelle: 'a', isActive: true } },
        { isActive: true, privilegeID: { libelle: 'b' } },
        { privilegeID: { libelle: 'c', isActive: true } },
        null,
        { isActive: true },
      ]),
    ).toEqual([
      { libelle: 'a', isActive: true },
      { libelle: 'b', isActive: false },
      { libelle: 'c', isActive: false },
    ]);
  });
});
