/**
 * Pure rules behind the screens: sidebar visibility (spec 000 §2), legacy paths (001 §2), inactivity
 * arithmetic and configuration (000 §4, §9), profile buttons (000 §5), French messages (000 §9, 001 §2).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hasPermission } from '../../common/permissions';
import { MENU_GROUPS, groupOfPath, visibleGroups } from '../../src/layout/menuGroups';
import { colisShowPath, isColisReference, legacyTarget } from '../../src/routes/legacyRoutes';
import { remainingIdleTime } from '../../src/layout/inactivity';
import { DEFAULT_INACTIVITY_MS, getApiBaseUrl, getInactivityMs } from '../../src/config';
import { canChangePassword, canSaveProfile } from '../../src/profil/profilRules';
import { frenchAppMessages } from '../../src/i18n/fr';
import { installBrowserStubs, type MessageTree } from './helpers';

afterEach(() => vi.unstubAllGlobals());

describe('sidebar', () => {
  it('has the spec groups in order', () => {
    const labels = MENU_GROUPS.map((g) => (frenchAppMessages as MessageTree).app.menu.groups[g.label.split('.').pop()!]);
    expect(labels).toEqual([
      'Rôle et Autorisation',
      'Localisation',
      'Utilisateur',
      'Paramètres',
      'Départs',
      'Gestion des Colis',
      'Opérations',
      'Messagerie',
      'Mon Profil',
    ]);
  });

  it('shows only entries whose key is active and hides empty groups', () => {
    const privileges = [
      { libelle: 'pays', isActive: true },
      { libelle: 'villes', isActive: false },
      { libelle: 'messagerie', isActive: true },
      { libelle: 'profil', isActive: true },
    ];
    const groups = visibleGroups(MENU_GROUPS, (key) => hasPermission(privileges, key));
    expect(groups.map((g) => [g.id, g.entries.map((e) => e.to)])).toEqual([
      ['localisation', ['/pays']],
      ['messagerie', ['/messagerie']],
      ['profil', ['/profil']],
    ]);
    expect(visibleGroups(MENU_GROUPS, () => false)).toEqual([]);
  });

  it('finds the group of the current page', () => {
    expect(groupOfPath(MENU_GROUPS, '/pays/create')).toBe('localisation');
    expect(groupOfPath(MENU_GROUPS, '/groupeNatureColis')).toBe('parametres');
    expect(groupOfPath(MENU_GROUPS, '/paysage')).toBeUndefined();
    expect(groupOfPath(MENU_GROUPS, '/')).toBeUndefined();
  });
});

describe('legacy paths', () => {
  it('redirect /addPays and /paysUpdate?id=', () => {
    expect(legacyTarget('/addPays', '')).toBe('/pays/create');
    expect(legacyTarget('/addpays', '')).toBe('/pays/create');
    expect(legacyTarget('/paysUpdate', '?id=abc-1')).toBe('/pays/abc-1');
    expect(legacyTarget('/paysUpdate', '')).toBe('/pays');
    expect(legacyTarget('/pays', '')).toBeUndefined();
  });

  it('redirect the parcel paths /addColis, /colisUpdate/{id} and /colisUpdate?id= to the colis resource', () => {
    expect(legacyTarget('/addColis', '')).toBe('/colis/create');
    expect(legacyTarget('/colisUpdate/0b6f1c2e-1d2a-4c3b-9e8f-123456789abc', '')).toBe('/colis/0b6f1c2e-1d2a-4c3b-9e8f-123456789abc');
    expect(legacyTarget('/colisupdate/a%20b', '')).toBe('/colis/a%20b');
    expect(legacyTarget('/colisUpdate', '?id=c1')).toBe('/colis/c1');
    expect(legacyTarget('/colisUpdate', '')).toBe('/colis');
    expect(legacyTarget('/colis/create', '')).toBeUndefined();
  });

  it('tell the details path /colis/{reference} from the edit path /colis/{id}', () => {
    expect(isColisReference('PAR1-2026-000001')).toBe(true);
    expect(isColisReference('0b6f1c2e-1d2a-4c3b-9e8f-123456789abc')).toBe(false);
    expect(isColisReference('0B6F1C2E-1D2A-4C3B-9E8F-123456789ABC')).toBe(false);
    expect(isColisReference(undefined)).toBe(false);
    expect(colisShowPath('0b6f1c2e-1d2a-4c3b-9e8f-123456789abc')).toBe('/colis/0b6f1c2e-1d2a-4c3b-9e8f-123456789abc/show');
  });
});

describe('inactivity and configuration', () => {
  it('counts the time left since the last activity', () => {
    expect(remainingIdleTime(1000, 1000, DEFAULT_INACTIVITY_MS)).toBe(1_800_000);
    expect(remainingIdleTime(0, 1_799_000, 1_800_000)).toBe(1000);
    expect(remainingIdleTime(0, 1_800_000, 1_800_000)).toBe(0);
    expect(remainingIdleTime(0, 5_000_000, 1_800_000)).toBe(0);
  });

  it('reads inactivityMs and apiUrl from window.__APP_CONFIG__, with defaults', () => {
    installBrowserStubs();
    expect(getInactivityMs()).toBe(1_800_000);
    expect(getApiBaseUrl()).toBe('http://test.local/api/');
    installBrowserStubs({ inactivityMs: 2000, apiUrl: 'https://x.fr/api' });
    expect(getInactivityMs()).toBe(2000);
    expect(getApiBaseUrl()).toBe('https://x.fr/api/');
    installBrowserStubs({ inactivityMs: -5 });
    expect(getInactivityMs()).toBe(1_800_000);
  });
});

describe('profile buttons', () => {
  it('Enregistrer needs nom and prenoms', () => {
    expect(canSaveProfile({ nom: 'Kouassi', prenoms: 'Awa' })).toBe(true);
    expect(canSaveProfile({ nom: 'Kouassi', prenoms: '  ' })).toBe(false);
    expect(canSaveProfile({ nom: '', prenoms: 'Awa' })).toBe(false);
    expect(canSaveProfile(undefined)).toBe(false);
  });

  it('the password button needs new and confirm filled and equal, whatever the old one', () => {
    expect(canChangePassword({ newPassword: 'Abc12345', confirmPassword: 'Abc12345' })).toBe(true);
    expect(canChangePassword({ newPassword: 'Abc12345', confirmPassword: 'Abc1234' })).toBe(false);
    expect(canChangePassword({ newPassword: '', confirmPassword: '' })).toBe(false);
    expect(canChangePassword({ newPassword: 'x' })).toBe(false);
  });
});

describe('French messages', () => {
  const m = frenchAppMessages as MessageTree;
  it('keep react-admin French texts and override the table labels with the spec', () => {
    expect(m.ra.action.save).toBe('Enregistrer');
    expect(m.ra.navigation.page_range_info).toBe('Affichage de %{offsetBegin} à %{offsetEnd} sur un total de %{total} entrées');
    expect([m.ra.navigation.first, m.ra.navigation.previous, m.ra.navigation.next, m.ra.navigation.last]).toEqual([
      'Premier',
      'Précédent',
      'Suivant',
      'Dernier',
    ]);
    expect(m.app.list.search).toBe('Rechercher :');
  });

  it('hold the spec texts of login, status, deletion and countries', () => {
    expect(m.app.login).toMatchObject({
      title: 'Connexion',
      subtitle: 'Connectez-vous à votre espace',
      submit: 'Je me connecte',
      forgot_link: 'Mot de passe oublié ?',
    });
    expect(m.app.status).toMatchObject({
      title: 'Changer Statut',
      success: 'Statut mis à jour avec succès !',
      failure: 'Echec lors du changement !',
      cancelled: 'Vous avez annulez la modification !',
      no_permission: "Vous n'avez pas la permission de modifier le statut.",
    });
    expect(m.app.delete).toMatchObject({ success: 'suppression effectuée', cancelled: 'Opération annulée' });
    expect(m.resources.pays.notifications).toMatchObject({
      created: 'Pays ajouté avec succès!',
      updated: 'Mise à jour du Pays réussie!',
      create_error: "Erreur lors de l'ajout  du pays",
    });
    expect(m.resources.pays.page.list).toBe('LISTE DES PAYS');
    expect(m.app.errors.server_text).toBe('Désolé, une erreur interne au serveur est survenue.');
  });
});

describe('sidebar direct links', () => {
  it('only the one-entry groups of the spec are direct links, whatever is filtered out', () => {
    expect(MENU_GROUPS.filter((g) => g.direct).map((g) => g.id)).toEqual(['departs', 'messagerie', 'profil']);
    const groups = visibleGroups(MENU_GROUPS, (key) => key === 'clients');
    expect(groups).toHaveLength(1);
    expect(groups[0].direct).toBeFalsy();
  });
});
