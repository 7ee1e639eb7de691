/**
 * The user screens' rules and the first sign-in of a user whose password the server generated
 * (docs/decisions/staff-accounts.md; spec 001 §2 Users, §4, §5): role choices (SUPERADMIN not offered, CLIENT disabled,
 * ADMIN only for a SUPERADMIN), agency rule, request bodies, history lines; authProvider.login → the
 * 'Changer votre mot de passe' step → privileges. The form's field rules (phone, agency, required fields) are the
 * shared schema's: tests/common/schemas.user.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, CHANGE_PASSWORD_PATH, mustChangePassword } from '../../src/providers/authProvider';
import { readSession, SESSION_KEY } from '../../src/providers/session';
import {
  agenceRequired,
  auditLines,
  canSaveUser,
  roleChoices,
  staffTypeId,
  userCreateBody,
  userFormRecord,
  userUpdateBody,
} from '../../src/user/userRules';
import { fakeJwt, installBrowserStubs, installFetch } from './helpers';

const ROLES = [
  { id: 'r-a', code: 'ADMIN', systeme: 'ADMIN', toutesAgences: true, libelle: 'Administrateur' },
  { id: 'r-s', code: 'SUPERADMIN', systeme: 'SUPERADMIN', toutesAgences: true, libelle: 'Super administrateur' },
  { id: 'r-c', code: 'CLIENT', systeme: 'CLIENT', libelle: 'Client' },
  { id: 'r-g', code: 'AGENT', systeme: 'AGENT', libelle: "Agent d'agence" },
  { id: 'r-i', code: 'INSPECTEUR', toutesAgences: true, libelle: 'Inspecteur' },
];
const ADMIN = { isSuperadmin: false, allAgences: true };
const SUPERADMIN = { isSuperadmin: true, allAgences: true };
const CHEF = { isSuperadmin: false, allAgences: false };

/** The dates every user type the server answers carries. */
const TYPE_DATES = { createdAt: '2026-01-05T10:00:00.000Z', updatedAt: '2026-01-05T10:00:00.000Z' };
describe('user rules', () => {
  it('offers the roles of 001 §5: no SUPERADMIN, CLIENT disabled, ADMIN only for a SUPERADMIN, sorted', () => {
    const byAdmin = roleChoices(ROLES, ADMIN);
    expect(byAdmin.map((r) => [r.code, r.disabled])).toEqual([
      ['ADMIN', true],
      ['AGENT', false],
      ['CLIENT', true],
      ['INSPECTEUR', false],
    ]);
    expect(roleChoices(ROLES, SUPERADMIN).find((r) => r.code === 'ADMIN')?.disabled).toBe(false);
    // An edit keeps the role the user already holds.
    expect(roleChoices(ROLES, ADMIN, 'r-a').find((r) => r.code === 'ADMIN')?.disabled).toBe(false);
    // A role reaching every agency is given only by someone who sees every agency.
    expect(roleChoices(ROLES, CHEF).find((r) => r.code === 'INSPECTEUR')?.disabled).toBe(true);
  });

  it('needs an agency for an agency role only, finds the staff type', () => {
    expect(agenceRequired({ toutesAgences: false })).toBe(true);
    expect(agenceRequired({ toutesAgences: true })).toBe(false);
    expect(agenceRequired(undefined)).toBe(false);
    expect(
      staffTypeId([
        { ...TYPE_DATES, id: 'c', _id: 'c', code: 'CLIENT', libelle: 'Client', isActive: true },
        { ...TYPE_DATES, id: 'a', _id: 'a', code: 'ADMIN', libelle: 'Admin', isActive: true },
      ]),
    ).toBe('a');
    expect(staffTypeId([{ ...TYPE_DATES, id: 'a', _id: 'a', code: 'ADMIN', libelle: 'Admin', isActive: false }])).toBeUndefined();
  });

  it('sends ids and never the read-only e-mail and phone on update', () => {
    const form = {
      nom: ' Diallo ',
      prenoms: 'Awa',
      email: 'a@b.c',
      adresse: 'Rue',
      telephone: '612345678',
      paysID: { id: 'p' },
      roleID: 'r',
      agenceID: '',
      typeUserID: 't',
    };
    expect(userCreateBody(form)).toEqual({
      nom: 'Diallo',
      prenoms: 'Awa',
      email: 'a@b.c',
      adresse: 'Rue',
      telephone: '612345678',
      paysID: 'p',
      roleID: 'r',
      typeUserID: 't',
      agenceID: null,
    });
    const update = userUpdateBody(form);
    expect(update).not.toHaveProperty('email');
    expect(update).not.toHaveProperty('telephone');
    expect(
      userFormRecord({ id: 'u', paysID: { id: 'p', libelle: 'France' }, roleID: { id: 'r' }, agenceID: null, typeUserID: { id: 't' } }),
    ).toMatchObject({ paysID: 'p', roleID: 'r', agenceID: null, typeUserID: 't' });
    expect(canSaveUser({ nom: 'a', prenoms: 'b', email: 'c', adresse: 'd', telephoneComplet: '+33' })).toBe(true);
    expect(canSaveUser({ nom: 'a', prenoms: ' ', email: 'c', adresse: 'd', telephoneComplet: '+33' })).toBe(false);
  });

  it('writes the history in French', () => {
    expect(auditLines({ action: 'update', avant: { role: 'AGENT', roleID: 'x' }, apres: { role: 'ADMIN', roleID: 'y' } })).toEqual({
      title: 'Modification',
      changes: ['Rôle : AGENT → ADMIN'],
    });
    expect(auditLines({ action: 'statut', avant: { isActive: true }, apres: { isActive: false } }).changes).toEqual([
      'Statut : Actif → Inactif',
    ]);
    expect(auditLines({ action: 'password', avant: null, apres: { motif: 'x' } })).toEqual({ title: 'Mot de passe changé', changes: [] });
  });
});

describe('first sign-in with a generated password', () => {
  beforeEach(() => {
    installBrowserStubs();
  });
  afterEach(() => vi.unstubAllGlobals());

  const user = {
    id: 'u9',
    nom: 'Nouveau',
    prenoms: 'Agent',
    mustChangePassword: true,
    typeUserID: { id: 't1', code: 'ADMIN', libelle: 'Personnel' },
    roleID: { id: 'r9', code: 'AGENT', libelle: "Agent d'agence" },
    agenceID: { id: 'a1', code: 'PAR1', libelle: 'Paris' },
  };

  it('goes to the password step without asking the privileges, then loads them once the password is changed', async () => {
    const token = fakeJwt({ exp: Math.floor(Date.now() / 1000) + 3600 });
    const calls = installFetch({
      'POST auth/loginAD': { body: { success: true, token, mustChangePassword: true, data: user } },
      'POST auth/changePassword/u9': { body: { success: true, message: 'ok', token: 'fresh' } },
      'GET autorisation/listePermissionByRoleID/r9': {
        body: { success: true, datas: [{ id: 'x', isActive: true, privilegeID: { id: 'p', libelle: 'depart', isActive: true } }] },
      },
    });
    expect(await authProvider.login({ email: 'n@a.b', password: 'Genere#123456' })).toEqual({ redirectTo: CHANGE_PASSWORD_PATH });
    expect(calls.map((c) => c.url.pathname)).toEqual(['/api/auth/loginAD']);
    expect(mustChangePassword(readSession())).toBe(true);
    expect(readSession()!.privileges).toEqual([]);

    await authProvider.completePasswordChange({ oldPassword: 'Genere#123456', newPassword: 'Choisi-42-ok' });
    expect(calls[2].headers.Authorization).toBe('Bearer fresh');
    const session = readSession()!;
    expect(session.token).toBe('fresh');
    expect(mustChangePassword(session)).toBe(false);
    expect(session.privileges).toEqual([{ libelle: 'depart', isActive: true }]);
    expect(JSON.parse(localStorage.getItem(SESSION_KEY)!).user.mustChangePassword).toBe(false);
  });
});
