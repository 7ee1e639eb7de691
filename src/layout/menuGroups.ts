/**
 * The sidebar of spec 000 §2 "Main layout and sidebar": its groups, their entries, the permission key
 * that shows each entry, and the route it opens (the react-admin resource path or custom route). The entries are the
 * resource catalogue's rows with `menu` (common/resources.ts); this file adds the groups' titles and icons, the pages
 * that are no resource (the profile) and the badges.
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
import { isResourceName, RESOURCE_KEYS, type PermissionKey } from '../../common/permissions';
import { MENU_GROUP_IDS, RESOURCE_ROWS, type CataloguedResource, type MenuGroupId, type ResourceRow } from '../../common/resources';
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

/** A group's title and icon, and the entries it has besides the catalogue's (pages that are no resource). */
interface GroupSpec {
  label: string;
  icon: SvgIconComponent;
  direct?: boolean;
  pages?: MenuEntry[];
}

/** The groups (common/resources.ts MENU_GROUP_IDS gives their order). */
const GROUPS: Readonly<Record<MenuGroupId, GroupSpec>> = {
  roles: { label: 'app.menu.groups.roles', icon: AdminPanelSettingsIcon },
  localisation: { label: 'app.menu.groups.localisation', icon: PlaceIcon },
  utilisateur: { label: 'app.menu.groups.utilisateur', icon: PeopleIcon },
  parametres: { label: 'app.menu.groups.parametres', icon: TuneIcon },
  departs: { label: 'app.menu.groups.departs', icon: FlightTakeoffIcon, direct: true },
  colis: { label: 'app.menu.groups.colis', icon: Inventory2Icon },
  operations: { label: 'app.menu.groups.operations', icon: SwapHorizIcon },
  messagerie: { label: 'app.menu.groups.messagerie', icon: MailIcon, direct: true },
  profil: { label: 'app.menu.groups.profil', icon: AccountCircleIcon, direct: true, pages: [item('profil', '/profil')] },
};

/** Counts drawn beside an entry: the deletion requests waiting (docs/decisions/deletion-requests.md). */
const BADGES: Partial<Record<CataloguedResource, MenuCount>> = {
  demandesSuppression: { resource: 'demandesSuppression', filter: { etat: 'EN_ATTENTE' }, label: 'resources.demandesSuppression.badge' },
};

/**
 * The entry of a catalogue row with `menu`: its key (the row's, else its resource's list key), `/{resource}`, its label
 * (the row's, else `app.menu.items.<key>`). Throws when no key shows it.
 */
function entryOf(row: ResourceRow & { menu: NonNullable<ResourceRow['menu']> }): MenuEntry {
  const permission = row.menu.permission ?? (isResourceName(row.name) ? RESOURCE_KEYS[row.name].list : undefined);
  if (!permission) throw new Error(`Aucune permission ne montre l'entrée de menu ${row.name}`);
  const badge = BADGES[row.name];
  return { ...item(permission, `/${row.name}`, row.menu.label), ...(badge ? { badge } : {}) };
}

/**
 * The sidebar from catalogue rows: each group of MENU_GROUP_IDS with the rows of its `menu.group` in the rows' order,
 * then its pages.
 */
function menuGroupsOf(rows: readonly ResourceRow[]): MenuGroup[] {
  return MENU_GROUP_IDS.map((id) => {
    const { pages = [], ...group } = GROUPS[id];
    const entries = rows.flatMap((row) => (row.menu?.group === id ? [entryOf({ ...row, menu: row.menu })] : []));
    return { id, ...group, entries: [...entries, ...pages] };
  });
}

/** The groups in the spec's order (spec 000 §2), from the resource catalogue. */
export const MENU_GROUPS: MenuGroup[] = menuGroupsOf(RESOURCE_ROWS);

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
