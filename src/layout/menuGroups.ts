/**
 * The sidebar of spec 000 §2 "Main layout and sidebar": its groups, their entries, the permission key
 * that shows each entry, and the route it opens (the react-admin resource path or custom route).
 */
import type { SvgIconComponent } from '@mui/icons-material';
import AdminPanelSettingsIcon from '@mui/icons-material/AdminPanelSettings';
import PlaceIcon from '@mui/icons-material/Place';
import PeopleIcon from '@mui/icons-material/People';
import TuneIcon from '@mui/icons-material/Tune';
import FlightTakeoffIcon from '@mui/icons-material/FlightTakeoff';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import MailIcon from '@mui/icons-material/Mail';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import type { PermissionKey } from '../../common/permissions';
import type { MenuCount } from './MenuCountBadge';

/** One entry: shown only when `permission` is held (spec 000 §2). */
export interface MenuEntry {
  permission: PermissionKey;
  label: string;
  to: string;
  /** A count drawn beside the label (and on its group's header while closed), e.g. the waiting deletion requests. */
  badge?: MenuCount;
}

/** One group of entries; hidden when none of its entries is visible. */
export interface MenuGroup {
  id: string;
  label: string;
  icon: SvgIconComponent;
  entries: MenuEntry[];
  /** A group made of one entry by definition: shown as a direct link with the group's label. */
  direct?: boolean;
}

const item = (permission: PermissionKey, to: string, label = `app.menu.items.${permission}`): MenuEntry => ({ permission, label, to });

/** The groups in the spec's order. */
export const MENU_GROUPS: MenuGroup[] = [
  {
    id: 'roles',
    label: 'app.menu.groups.roles',
    icon: AdminPanelSettingsIcon,
    entries: [
      item('role', '/role'),
      item('autorisation', '/autorisation'),
      item('permission', '/permission'),
      item('auditListe', '/audit'),
    ],
  },
  {
    id: 'localisation',
    label: 'app.menu.groups.localisation',
    icon: PlaceIcon,
    entries: [item('pays', '/pays'), item('villes', '/villes'), item('agence', '/agence')],
  },
  {
    id: 'utilisateur',
    label: 'app.menu.groups.utilisateur',
    icon: PeopleIcon,
    entries: [item('user', '/user'), item('clients', '/clients')],
  },
  {
    id: 'parametres',
    label: 'app.menu.groups.parametres',
    icon: TuneIcon,
    entries: [
      item('modeEnvoi', '/modeEnvoi'),
      item('groupeColis', '/groupeNatureColis'),
      item('modeLivraison', '/modeLivraison'),
      item('paramNatureMode', '/paramNatureMode'),
      item('modePaiement', '/modePaiement', 'resources.modePaiement.menu'),
      item('tauxChange', '/tauxChange', 'resources.tauxChange.menu'),
    ],
  },
  { id: 'departs', label: 'app.menu.groups.departs', icon: FlightTakeoffIcon, direct: true, entries: [item('depart', '/depart')] },
  {
    id: 'colis',
    label: 'app.menu.groups.colis',
    icon: Inventory2Icon,
    entries: [
      item('colis', '/colis'),
      item('inventaire', '/inventaire'),
      item('encaissements', '/encaissements'),
      // The cash closed per agency and day, under the payments (docs/decisions/refunds-and-cash.md).
      item('caisse', '/caisse', 'resources.caisse.menu'),
      // The deletion requests of processed parcels, with the number waiting (docs/decisions/deletion-requests.md).
      {
        ...item('colisDeleteApprouver', '/demandesSuppression', 'resources.demandesSuppression.menu'),
        badge: { resource: 'demandesSuppression', filter: { etat: 'EN_ATTENTE' }, label: 'resources.demandesSuppression.badge' },
      },
    ],
  },
  {
    id: 'operations',
    label: 'app.menu.groups.operations',
    icon: SwapHorizIcon,
    entries: [item('operation', '/operation'), item('typeOperation', '/typeOperation')],
  },
  {
    id: 'messagerie',
    label: 'app.menu.groups.messagerie',
    icon: MailIcon,
    direct: true,
    // The route name's key (001 §6); the 'Boîte d'envoi' (key mailOutbox) is reached from the messaging page.
    entries: [item('messagerie', '/messagerie', 'app.menu.items.messagerie')],
  },
  { id: 'profil', label: 'app.menu.groups.profil', icon: AccountCircleIcon, direct: true, entries: [item('profil', '/profil')] },
];

/**
 * Keeps the entries whose permission `can` grants and drops groups left empty (spec 000 §2: "each shown
 * only when the matching permission is active"). Returns new group objects.
 */
export function visibleGroups(groups: MenuGroup[], can: (key: PermissionKey) => boolean): MenuGroup[] {
  return groups
    .map((group) => ({ ...group, entries: group.entries.filter((entry) => can(entry.permission)) }))
    .filter((group) => group.entries.length > 0);
}

/** Id of the group holding the entry whose route starts `pathname`, to open it on arrival; undefined if none. */
export function groupOfPath(groups: MenuGroup[], pathname: string): string | undefined {
  return groups.find((group) => group.entries.some((entry) => pathname === entry.to || pathname.startsWith(`${entry.to}/`)))?.id;
}

/** Sidebar search (spec 000 §4 sidebar template: "minimum 3 characters, at most 7 results"). */
export const MENU_SEARCH_MIN_CHARS = 3;
const MENU_SEARCH_MAX_RESULTS = 7;

/** An entry the sidebar search may offer: its French label, its group's (empty for Tableau de bord) and its route. */
export interface MenuSearchItem {
  label: string;
  groupLabel: string;
  to: string;
}

/** Lower case without accents, so 'parametres' finds 'Paramètres'. */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * The sidebar search: the items whose label holds the query (case and accents ignored), then those whose group's label
 * holds it, each route once, at most MENU_SEARCH_MAX_RESULTS; none while the trimmed query is shorter than
 * MENU_SEARCH_MIN_CHARS. `items` are the entries the user may open (visibleGroups: the menu's own permission filter).
 */
export function searchMenu(items: readonly MenuSearchItem[], query: string): MenuSearchItem[] {
  const q = fold(query.trim());
  if (q.length < MENU_SEARCH_MIN_CHARS) return [];
  const byLabel = items.filter((item) => fold(item.label).includes(q));
  const byGroup = items.filter((item) => !byLabel.includes(item) && fold(item.groupLabel).includes(q));
  const seen = new Set<string>();
  return [...byLabel, ...byGroup].filter((item) => !seen.has(item.to) && !!seen.add(item.to)).slice(0, MENU_SEARCH_MAX_RESULTS);
}
