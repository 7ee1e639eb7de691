/**
 * The simple reference screens (spec 001 §2, §5, §6, §8; docs/decisions/reference-screens.md): their legacy paths, the
 * save rule of the sending mode form, the permission form's group rules, the payment modes' keys and menu entry, and
 * the French texts each screen reads (titles, add buttons, the spec's success and failure texts).
 */
import { describe, expect, it } from 'vitest';
import { AGENT_PERMISSION_KEYS, PERMISSION_GROUPS, RESOURCE_KEYS } from '../../common/permissions';
import { legacyTarget } from '../../src/routes/legacyRoutes';
import { requiredFieldsFilled } from '../../src/kit/formRules';
import { PERMISSION_GROUP_CHOICES, permissionBody, permissionGroupLabel } from '../../src/permission/permissionRules';
import { MENU_GROUPS } from '../../src/layout/menuGroups';
import { RESOURCE_API } from '../../src/providers/resourceApi';
import { canAccessWith } from '../../src/providers/authProvider';
import { frenchAppMessages } from '../../src/i18n/fr';

const messages = frenchAppMessages as any;
const RESOURCES = ['villes', 'modeEnvoi', 'modeLivraison', 'modePaiement', 'typeOperation', 'role', 'permission'] as const;

describe('legacy paths of the simple reference screens (001 §2 route table)', () => {
  it('redirect the add and edit paths to the react-admin routes', () => {
    const id = '0b6f1c2e-1d2a-4c3b-9e8f-123456789abc';
    const table: [string, string][] = [
      ['/addVille', 'villes'],
      ['/addmodeEnvoi', 'modeEnvoi'],
      ['/addmodeLivraison', 'modeLivraison'],
      ['/addTypeOperation', 'typeOperation'],
      ['/addRole', 'role'],
      ['/addPermission', 'permission'],
    ];
    for (const [path, resource] of table) expect(legacyTarget(path, ''), path).toBe(`/${resource}/create`);
    const edits: [string, string][] = [
      ['/villeUpdate', 'villes'],
      ['/modeEnvoiUpdate', 'modeEnvoi'],
      ['/ModelivraisonUpdate', 'modeLivraison'],
      ['/typeOperationUpdate', 'typeOperation'],
      ['/roleUpdate', 'role'],
      ['/permissionUpdate', 'permission'],
    ];
    for (const [path, resource] of edits) {
      expect(legacyTarget(path, `?id=${id}`), path).toBe(`/${resource}/${id}`);
      expect(legacyTarget(path, ''), path).toBe(`/${resource}`);
    }
    // matched whatever the case, as the spec spells the pickup-mode path two ways
    expect(legacyTarget('/modeLivraisonUpdate', '?id=x')).toBe('/modeLivraison/x');
    expect(legacyTarget('/villes', '')).toBeUndefined();
  });
});

describe('sending mode save rule (001 §5 "save disabled while empty")', () => {
  it('needs every named field to hold something other than blanks', () => {
    const fields = ['code', 'libelle', 'description'];
    expect(requiredFieldsFilled({ code: 'AIR', libelle: 'Aérien', description: 'Fret' }, fields)).toBe(true);
    expect(requiredFieldsFilled({ code: 'AIR', libelle: 'Aérien', description: '  ' }, fields)).toBe(false);
    expect(requiredFieldsFilled({ code: 'AIR', libelle: 'Aérien' }, fields)).toBe(false);
    expect(requiredFieldsFilled({ code: 'AIR', libelle: null, description: 'x' }, fields)).toBe(false);
    expect(requiredFieldsFilled({ n: 0 }, ['n'])).toBe(true);
    expect(requiredFieldsFilled(undefined, fields)).toBe(false);
    expect(requiredFieldsFilled(undefined, [])).toBe(true);
  });
});

describe('permission form rules', () => {
  it('offers every assignment group in the screen order, labelled in French', () => {
    expect(PERMISSION_GROUP_CHOICES.map((c) => c.id)).toEqual(PERMISSION_GROUPS.map((g) => g.code));
    expect(permissionGroupLabel('villes')).toBe('Villes');
    expect(permissionGroupLabel('inconnu')).toBe('inconnu');
    expect(permissionGroupLabel('')).toBe('--');
    expect(permissionGroupLabel(null)).toBe('--');
  });

  it('leaves an empty group out of the body, keeps a chosen one', () => {
    expect(permissionBody({ libelle: 'k', description: 'd', groupe: '' })).toEqual({ libelle: 'k', description: 'd' });
    expect(permissionBody({ libelle: 'k', description: 'd', groupe: null })).toEqual({ libelle: 'k', description: 'd' });
    expect(permissionBody({ libelle: 'k', description: 'd', groupe: 'pays' })).toEqual({ libelle: 'k', description: 'd', groupe: 'pays' });
  });
});

describe('payment modes (a reference resource of its own)', () => {
  it('has a key for each action, none held by agency agents', () => {
    expect(RESOURCE_KEYS.modePaiement).toEqual({
      list: 'modePaiement',
      create: 'addModePaiement',
      edit: 'modePaiementUpdate',
      delete: 'modePaiementDelete',
      active: 'modePaiementUpdateStatut',
    });
    for (const key of Object.values(RESOURCE_KEYS.modePaiement)) expect(AGENT_PERMISSION_KEYS).not.toContain(key);
    expect(RESOURCE_API.modePaiement).toEqual({ path: 'modePaiement', listKey: 'datas' });
  });

  it('has a sidebar entry in Paramètres, shown with its list key', () => {
    const parametres = MENU_GROUPS.find((g) => g.id === 'parametres')!;
    const entry = parametres.entries.find((e) => e.to === '/modePaiement');
    expect(entry?.permission).toBe('modePaiement');
    expect(messages.resources.modePaiement.menu).toBe('Modes de paiement');
    const session = (keys: string[]) => ({
      token: 't',
      user: { id: 'u', roleID: { id: 'r', code: 'AGENT' } },
      privileges: keys.map((libelle) => ({ libelle, isActive: true })),
    });
    expect(canAccessWith(session(['modePaiement']) as never, 'modePaiement', 'list')).toBe(true);
    expect(canAccessWith(session(['modePaiement']) as never, 'modePaiement', 'create')).toBe(false);
  });
});

describe('texts of the simple reference screens (001 §2 titles, §8 messages)', () => {
  it('give each screen its titles, add button, field labels and notifications', () => {
    for (const name of RESOURCES) {
      const r = messages.resources[name];
      for (const page of ['list', 'create', 'edit']) expect(r.page[page], `${name}.page.${page}`).toMatch(/^[A-Z' ]+$/);
      expect(r.action.add, name).toMatch(/^Ajouter /);
      expect(r.fields.isActive, name).toBe('Statut');
      for (const n of ['created', 'updated', 'create_error', 'update_error']) expect(r.notifications[n], `${name}.${n}`).toBeTruthy();
    }
  });

  it("quote the spec's own texts", () => {
    const r = messages.resources;
    expect(r.villes.page).toEqual({ list: 'LISTE DES VILLES', create: 'AJOUTER VILLE', edit: 'MODIFIER VILLE' });
    expect(r.villes.notifications.created).toBe('ville enregistrée avec succès');
    expect(r.villes.notifications.updated).toBe('Mise à jour de la ville réussie !');
    expect(r.modeLivraison.page.list).toBe('LISTE DES MODES DE LIVRAISON');
    expect(r.modeLivraison.notifications.created).toBe('Mode de recuperation ajouté avec succès!');
    expect(r.modeLivraison.notifications.updated).toBe('Mise à jour du Mode de recuperation réussie!');
    expect(r.modeLivraison.notifications.create_error).toBe("Erreur lors de l'ajout  du mode de livraison");
    expect(r.modeEnvoi.notifications.updated).toBe("Mise à jour du mode d'envoi réussie !");
    expect(r.modeEnvoi.notifications.update_error).toBe("Erreur lors de la mise à jour du mode d'envoi");
    expect(r.typeOperation.notifications.update_error).toBe('Erreur lors de la mise à jour de la typeoperation');
    expect(r.typeOperation.notifications.status_no_permission).toBe(
      "Vous n'avez pas l'autorisation de modifier le statut de ce type d'operations.",
    );
    expect(r.role.page.list).toBe('LISTE DES ROLES');
    expect(r.role.notifications).toMatchObject({
      created: 'Role ajouté avec succès !',
      updated: 'Mise à jour du role réussie !',
      create_error: "Erreur lors de l'enregistrement du role",
      update_error: 'Erreur lors de la mise à jour du role',
    });
    expect(r.permission.page.list).toBe('LISTE DES PERMISSIONS');
    expect(r.permission.notifications.update_error).toBe('Erreur lors de la mise à jour de la permission');
  });
});
