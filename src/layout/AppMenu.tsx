/**
 * Sidebar menu (spec 000 §2 "Main layout and sidebar"): the search field (spec 000 §4 sidebar: at least 3 characters, at
 * most 7 results, over the entries the user may open), Tableau de bord, then the groups of MENU_GROUPS
 * whose entries the user may see (Départs, Messagerie and Mon Profil, one entry each, are direct links), only one group open at
 * a time, and Déconnexion. Entries follow the user's privileges (usePermissions).
 */
import { useEffect, useMemo, useState, type KeyboardEvent } from 'react';
import {
  Box,
  Collapse,
  InputAdornment,
  List,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DashboardIcon from '@mui/icons-material/Dashboard';
import { Logout, Menu, useLocation, useNavigate, usePermissions, useSidebarState, useTranslate } from 'react-admin';
import { hasPermission } from '../../common/permissions';
import type { Permission } from '../providers/session';
import {
  MENU_GROUPS,
  MENU_SEARCH_MIN_CHARS,
  groupOfPath,
  searchMenu,
  visibleGroups,
  type MenuGroup,
  type MenuSearchItem,
} from './menuGroups';
import { MenuCountBadge } from './MenuCountBadge';

/** A collapsible group: header row and its entries; takes the group, whether it is open and the toggle. */
const MenuGroupItem = ({ group, open, onToggle }: { group: MenuGroup; open: boolean; onToggle: () => void }) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  const Icon = group.icon;
  const label = translate(group.label);
  const counted = group.entries.find((entry) => entry.badge)?.badge;
  const header = (
    <MenuItem onClick={onToggle} aria-expanded={open} sx={{ color: 'text.secondary', '& .MuiListItemIcon-root': { minWidth: 40 } }}>
      <ListItemIcon>
        {/* While closed, the group's icon carries its entry's count (e.g. the waiting deletion requests). */}
        {counted && !open ? (
          <MenuCountBadge count={counted}>
            <Icon />
          </MenuCountBadge>
        ) : (
          <Icon />
        )}
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
            <Menu.Item
              key={entry.to}
              to={entry.to}
              primaryText={translate(entry.label)}
              leftIcon={
                entry.badge ? (
                  <MenuCountBadge count={entry.badge}>
                    <ChevronRightIcon fontSize="small" />
                  </MenuCountBadge>
                ) : (
                  <ChevronRightIcon fontSize="small" />
                )
              }
            />
          ))}
        </List>
      </Collapse>
    </>
  );
};

/** The search field; takes the query and its setter; Enter opens the first result, Escape clears. */
const MenuSearchField = ({ query, onQuery, first }: { query: string; onQuery: (q: string) => void; first?: MenuSearchItem }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const onKeyDown = (event: KeyboardEvent) => {
    // The menu is a MUI MenuList, whose type-ahead would take the keys typed here and move the focus to an entry.
    event.stopPropagation();
    if (event.key === 'Escape') onQuery('');
    if (event.key === 'Enter' && first) {
      event.preventDefault();
      onQuery('');
      navigate(first.to);
    }
  };
  return (
    <Box sx={{ px: 1.5, pt: 1, pb: 0.5 }}>
      <TextField
        size="small"
        fullWidth
        value={query}
        onChange={(event) => onQuery(event.target.value)}
        onKeyDown={onKeyDown}
        placeholder={translate('app.menu.search.placeholder')}
        slotProps={{
          htmlInput: { 'aria-label': translate('app.menu.search.label'), 'data-testid': 'menu-search' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
    </Box>
  );
};

/** What the search shows instead of the groups while a query is typed: a hint, the results (links) or 'none'. */
const MenuSearchResults = ({ query, hits, onChosen }: { query: string; hits: MenuSearchItem[]; onChosen: () => void }) => {
  const translate = useTranslate();
  if (query.trim().length < MENU_SEARCH_MIN_CHARS) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {translate('app.menu.search.min_chars', { count: MENU_SEARCH_MIN_CHARS })}
      </Typography>
    );
  }
  if (hits.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
        {translate('app.menu.search.none')}
      </Typography>
    );
  }
  return (
    <List
      dense
      disablePadding
      aria-label={translate('app.menu.search.results')}
      data-testid="menu-search-results"
      subheader={<ListSubheader sx={{ lineHeight: 2.5 }}>{translate('app.menu.search.results')}</ListSubheader>}
    >
      {hits.map((hit) => (
        <Menu.Item
          key={hit.to}
          to={hit.to}
          onClick={onChosen}
          leftIcon={<ChevronRightIcon fontSize="small" />}
          primaryText={
            <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.2 }}>
              <span>{hit.label}</span>
              {hit.groupLabel && (
                <Typography component="span" variant="caption" color="text.secondary">
                  {hit.groupLabel}
                </Typography>
              )}
            </Box>
          }
        />
      ))}
    </List>
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
  const [sidebarOpen] = useSidebarState();
  const [query, setQuery] = useState('');
  // What the search looks through: Tableau de bord and the entries the menu shows this user (same permission filter).
  const searchItems = useMemo<MenuSearchItem[]>(
    () => [
      { label: translate('app.menu.dashboard'), groupLabel: '', to: '/' },
      ...groups.flatMap((group) =>
        group.entries.map((entry) =>
          group.direct
            ? { label: translate(group.label), groupLabel: '', to: entry.to }
            : { label: translate(entry.label), groupLabel: translate(group.label), to: entry.to },
        ),
      ),
    ],
    [groups, translate],
  );
  const hits = useMemo(() => searchMenu(searchItems, query), [searchItems, query]);
  const searching = sidebarOpen && query.trim() !== '';

  // Arriving on a page through a link elsewhere opens its group (still one group at a time).
  useEffect(() => {
    const current = groupOfPath(MENU_GROUPS, location.pathname);
    if (current) setOpenGroup(current);
  }, [location.pathname]);

  return (
    // The search field stands above the menu, not in it: a role="menu" list may hold menu items only (WCAG, axe
    // aria-required-children).
    <>
      {sidebarOpen && <MenuSearchField query={query} onQuery={setQuery} first={hits[0]} />}
      <Menu>
        {searching && <MenuSearchResults query={query} hits={hits} onChosen={() => setQuery('')} />}
        {!searching && <Menu.DashboardItem primaryText={translate('app.menu.dashboard')} leftIcon={<DashboardIcon />} />}
        {!searching &&
          groups.map((group) => {
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
    </>
  );
};
