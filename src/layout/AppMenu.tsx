/**
 * Sidebar menu (spec 000 §2 "Main layout and sidebar"): Tableau de bord, then the groups of MENU_GROUPS
 * whose entries the user may see (Départs, Messagerie and Mon Profil, one entry each, are direct links), only one group open at
 * a time, and Déconnexion. Entries follow the user's privileges (usePermissions).
 */
import { useEffect, useMemo, useState } from 'react';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem, Tooltip } from '@mui/material';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Logout, Menu, useLocation, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { hasPermission } from '../../common/permissions';
import type { Permission } from '../providers/session';
import { MENU_GROUPS, groupOfPath, visibleGroups, type MenuGroup } from './menuGroups';

/** A collapsible group: header row and its entries; takes the group, whether it is open and the toggle. */
const MenuGroupItem = ({ group, open, onToggle }: { group: MenuGroup; open: boolean; onToggle: () => void }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const Icon = group.icon;
  const label = translate(group.label);
  const header = (
    <MenuItem onClick={onToggle} aria-expanded={open} sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40 } }}>
      <ListItemIcon>
        <Icon />
      </ListItemIcon>
      <ListItemText primary={label} />
      {open ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
    </MenuItem>
  );
  return (
    <>
      {sidebarOpen ? (
        header
      ) : (
        <Tooltip title={label} placement="right">
          {header}
        </Tooltip>
      )}
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding dense sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}>
          {group.entries.map((entry) => (
            <Menu.Item key={entry.to} to={entry.to} primaryText={translate(entry.label)} leftIcon={<ChevronRightIcon fontSize="small" />} />
          ))}
        </List>
      </Collapse>
    </>
  );
};

/** The menu component given to the layout (no props). */
export const AppMenu = () => {
  const translate = useTranslate();
  const location = useLocation();
  const { permissions } = usePermissions<Permission[]>();
  const groups = useMemo(
    () => visibleGroups(MENU_GROUPS, (key) => hasPermission(Array.isArray(permissions) ? permissions : [], key)),
    [permissions],
  );
  const [openGroup, setOpenGroup] = useState<string | undefined>(() => groupOfPath(MENU_GROUPS, location.pathname));

  // Arriving on a page through a link elsewhere opens its group (still one group at a time).
  useEffect(() => {
    const current = groupOfPath(MENU_GROUPS, location.pathname);
    if (current) setOpenGroup(current);
  }, [location.pathname]);

  return (
    <Menu>
      <Menu.DashboardItem primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} />
      {groups.map((group) => {
        if (group.direct) {
          const Icon = group.icon;
          return (
            <Menu.Item
              key={group.id}
              to={group.entries[0].to}
              primaryText={translate(group.label)}
              leftIcon={<Icon />}
              onClick={() => setOpenGroup(undefined)}
            />
          );
        }
        return (
          <MenuGroupItem
            key={group.id}
            group={group}
            open={openGroup === group.id}
            onToggle={() => setOpenGroup((current) => (current === group.id ? undefined : group.id))}
          />
        );
      })}
      <Logout />
    </Menu>
  );
};
