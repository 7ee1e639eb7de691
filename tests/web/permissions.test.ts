/**
 * The permission catalogue common/permissions.ts (spec 000 §6, 001 §6): the derived tables agree with it, every key
 * the spec names exists, and a misspelt key does not compile (the `@ts-expect-error` lines: `npx tsc` fails if one of
 * them compiles).
 */
import type { ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import {
  AGENT_PERMISSION_KEYS,
  ALL_PERMISSION_KEYS,
  hasPermission,
  isPermissionKey,
  isResourceName,
  keysOpening,
  PERMISSION_GROUPS,
  PERMISSIONS,
  RESOURCE_KEYS,
  type PermissionKey,
} from '../../common/permissions';
import { ENVOI_TRANSITIONS } from '../../common/envoiRules';
import { canAccessWith } from '../../src/providers/authProvider';
import type { Session } from '../../src/providers/session';
import type { RequirePermission } from '../../src/layout/AccessGuards';
import type { MenuEntry } from '../../src/layout/menuGroups';

describe('permission catalogue', () => {
  it('puts every key in exactly one group, in the order of the assignment screen (001 §2)', () => {
    expect(PERMISSION_GROUPS.map((g) => g.code)).toEqual([
      'dashboard',
      'typeOperation',
      'operation',
      'profil',
      'menu',
      'clients',
      'user',
      'autorisation',
      'pays',
      'villes',
      'paramNatureMode',
      'permission',
      'modeEnvoi',
      'natureColis',
      'groupeColis',
      'modeLivraison',
      'depart',
      'colis',
      'inventaire',
      'encaissements',
      'agence',
      'role',
      'mobile',
      'autres',
    ]);
    expect(new Set(ALL_PERMISSION_KEYS).size).toBe(ALL_PERMISSION_KEYS.length);
    expect([...ALL_PERMISSION_KEYS].sort()).toEqual(Object.keys(PERMISSIONS).sort());
    for (const g of PERMISSION_GROUPS) for (const key of g.keys) expect(PERMISSIONS[key].group).toBe(g.code);
    // empty groups stay on the screen ('Aucune permission pour ce groupe')
    expect(PERMISSION_GROUPS.find((g) => g.code === 'mobile')?.keys).toEqual([]);
  });

  it('gives every key a French description', () => {
    for (const key of ALL_PERMISSION_KEYS) expect(PERMISSIONS[key].description, key).toMatch(/^[A-ZÀ-Ý].{5,}/);
  });

  it('gives AGENT the day-to-day keys of its agency, not the administration', () => {
    expect(AGENT_PERMISSION_KEYS).toEqual(expect.arrayContaining(['colis', 'addColis', 'encaissementMake', 'depart', 'profil']));
    for (const key of ['pays', 'addDepart', 'user', 'autorisation', 'encaissementDelete'] as const) {
      expect(AGENT_PERMISSION_KEYS).not.toContain(key);
    }
  });

  it('derives RESOURCE_KEYS: each reference resource has its five keys, show only where it has its own', () => {
    for (const resource of ['pays', 'villes', 'agence', 'user', 'role', 'permission', 'natureColis', 'modeEnvoi'] as const) {
      expect(Object.keys(RESOURCE_KEYS[resource]).sort()).toEqual(['active', 'create', 'delete', 'edit', 'list']);
    }
    expect(RESOURCE_KEYS.groupeNatureColis).toMatchObject({ list: 'groupeColis', show: 'groupeNatureColisDetails' });
    expect(RESOURCE_KEYS.colis).toMatchObject({ list: 'colis', show: 'colisDetail', active: 'colisUpdateEtat' });
    expect(RESOURCE_KEYS.inventaire).toEqual({ list: 'inventaire', create: 'addInventaire' });
    for (const [resource, keys] of Object.entries(RESOURCE_KEYS)) {
      for (const [action, key] of Object.entries(keys)) expect(PERMISSIONS[key]).toMatchObject({ resource, action });
    }
    expect(isResourceName('groupeNatureColis')).toBe(true);
    expect(isResourceName('toString')).toBe(false);
  });

  it('lets the route-name keys open their pages: groupeNatureColis, addGroupeNatureColis, groupeNatureColisUpdate (001 B5)', () => {
    expect(keysOpening('groupeNatureColis', 'list')).toEqual(['groupeColis', 'groupeNatureColis']);
    expect(keysOpening('groupeNatureColis', 'create')).toEqual(['addGroupeColis', 'addGroupeNatureColis']);
    expect(keysOpening('groupeNatureColis', 'edit')).toEqual(['groupeColisUpdate', 'groupeNatureColisUpdate']);
    expect(keysOpening('pays', 'list')).toEqual(['pays']);
    // Nature groups are shared by every agency: their writes are for a role that sees every agency.
    const session = (libelle: string): Session => ({
      token: 't',
      user: { id: 'u', roleID: { id: 'r', code: 'CONSULTANT', toutesAgences: true } },
      privileges: [{ libelle, isActive: true }],
    });
    expect(canAccessWith(session('groupeNatureColis'), 'groupeNatureColis', 'list')).toBe(true);
    expect(canAccessWith(session('addGroupeNatureColis'), 'groupeNatureColis', 'create')).toBe(true);
    expect(canAccessWith(session('groupeNatureColisUpdate'), 'groupeNatureColis', 'edit')).toBe(true);
    expect(canAccessWith(session('groupeNatureColis'), 'groupeNatureColis', 'delete')).toBe(false);
  });

  it('hides the writes of shared reference data and of the agencies from a role bound to one agency (probe F3)', () => {
    const keys = ['pays', 'addPays', 'paysUpdate', 'paysDelete', 'paysUpdateStatut', 'agence', 'addAgence', 'agenceUpdate'];
    const session = (toutesAgences: boolean): Session => ({
      token: 't',
      user: { id: 'u', roleID: { id: 'r', code: 'CHEF', toutesAgences }, agenceID: { id: 'a', code: 'PAR1', libelle: 'Paris' } },
      privileges: [...keys, 'agenceDelete', 'agenceUpdateStatut'].map((libelle) => ({ libelle, isActive: true })),
    });
    const chef = session(false);
    for (const action of ['create', 'edit', 'active', 'delete']) expect(canAccessWith(chef, 'pays', action), action).toBe(false);
    expect(canAccessWith(chef, 'pays', 'list')).toBe(true);
    // Its own agency's record stays editable (the server refuses another agency's, and a move); no add, switch, delete.
    expect(canAccessWith(chef, 'agence', 'edit')).toBe(true);
    for (const action of ['create', 'active', 'delete']) expect(canAccessWith(chef, 'agence', action), action).toBe(false);
    const admin = session(true);
    for (const action of ['create', 'edit', 'active', 'delete']) {
      expect(canAccessWith(admin, 'pays', action), action).toBe(true);
      expect(canAccessWith(admin, 'agence', action), action).toBe(true);
    }
  });

  it('holds every key the spec names (000 §6, 001 §6, route names of 000 §2 and 001 §2)', () => {
    const spec = [
      // 000 §6
      'profil depart addDepart departUpdate departDelete departUpdateStaut departListClientby enCoursEnvoiDepart',
      'arriveDepart colis addColis colisUpdate colisDelete colisUpdateEtat colisDetail encaissementMake',
      'encaissementDetailsColis addMessage clientUpdate clientUpdateStatut',
      // 001 §6
      'addNatureColis natureColisUpdate natureDelete natureUpdateStatut addGroupeColis groupeColisUpdate groupeDelete',
      'groupeUpdateStatut addPays paysUpdate paysDelete paysUpdateStatut addmodeLivraison modeLivraisonUpdate',
      'modeLivraisonDelete modeLivraisonUpdateStatut addRole roleUpdate roleDelete roleUpdateStatut addAgence',
      'agenceUpdate agenceDelete agenceUpdateStatut addPermission permissionUpdate permissionDelete',
      'permissionUpdateStaut addVille villeUpdate villeDelete villeUpdateStatut addUser userUpdate userDelete',
      'userUpdateStatut addParamNatureMode paramNatureModeUpdate paramNatureDelete paramNatureUpdateStatut',
      'addmodeEnvoi modeEnvoiUpdate modeEnvoiDelete modeEnvoiUpdateStatut addTypeOperation typeOperationUpdate',
      'typeOperationDelete typeOperationUpdateStatut operationUpdate operationDelete operationUpdateStatut encaissementDelete',
      // route names
      'stats listeClientParEnvoi listeEnvoiParClient colisDetails clients villes role natureColis groupeNatureColis',
      'groupeNatureColisDetails addGroupeNatureColis groupeNatureColisUpdate user pays modeLivraison agence permission',
      'autorisation paramNatureMode',
    ]
      .join(' ')
      .split(' ');
    expect(spec.filter((key) => !isPermissionKey(key))).toEqual([]);
  });

  it('has a key for every departure status move', () => {
    for (const rule of Object.values(ENVOI_TRANSITIONS)) expect(isPermissionKey(rule!.key)).toBe(true);
  });

  it('does not compile a misspelt key', () => {
    const privileges = [{ libelle: 'colisDetail', isActive: true }];
    expect(hasPermission(privileges, 'colisDetail')).toBe(true);
    // @ts-expect-error 'colisDetial' is not a permission key
    expect(hasPermission(privileges, 'colisDetial')).toBe(false);
    // @ts-expect-error keys are case-sensitive (spec 001 §6 notes a 'modeLIvraisonUpdate' in the original UI)
    const key: PermissionKey = 'modeLIvraisonUpdate';
    expect(isPermissionKey(key)).toBe(false);
    // @ts-expect-error a menu entry's permission is a key
    const entry: MenuEntry = { permission: 'colisList', label: 'x', to: '/colis' };
    expect(isPermissionKey(entry.permission)).toBe(false);
    // @ts-expect-error a guarded route's permission is a key
    const guard: Omit<ComponentProps<typeof RequirePermission>, 'children'> = { permission: 'ajouterColis' };
    expect(guard.permission).toBe('ajouterColis');
  });
});
