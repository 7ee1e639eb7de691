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

/** One entry: shown only when `permission` is held (spec 000 §2). */
export interface MenuEntry {
  permission: PermissionKey;
  label: string;
  to: string;
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
