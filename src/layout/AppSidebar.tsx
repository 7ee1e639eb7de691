/**
 * The sidebar (spec 000 §2 "Main layout and sidebar"; its template's "auto-collapse below 992 px", 000 §4): react-admin's
 * Sidebar from 992 px up; below, the menu folds away and opens as a temporary MUI Drawer from the app bar's menu
 * button, closing when a page is chosen, on a click outside or with Escape (docs/decisions/sidebar-search.md).
 */
import { useEffect, useRef, useState } from 'react';
import { Drawer, useMediaQuery } from '@mui/material';
import { Sidebar, useLocation, useSidebarState, type SidebarProps } from 'react-admin';

/** The viewport width (CSS px) from which the sidebar stays in the page; below it, it is a drawer. */
const SIDEBAR_DOCKED_FROM_PX = 992;

/** Width of the drawer's paper (react-admin's open menu is 240 px wide). */
const DRAWER_WIDTH = 260;

/** Given to <Layout sidebar>: takes react-admin's SidebarProps (the menu as children). */
export const AppSidebar = ({ children, ...props }: SidebarProps) => {
  const narrow = useMediaQuery(`(max-width:${SIDEBAR_DOCKED_FROM_PX - 0.02}px)`, { noSsr: true });
  const [open, setOpen] = useSidebarState();
  const { pathname } = useLocation();
  const wasNarrow = useRef(narrow);
  // The width class the fold below has run for. Until it has, the drawer is given `open={false}`: react-admin's
  // sidebar state starts open from 600 px (and stays open after a resize from wide), and a temporary Drawer mounted
  // open then folded before its Portal has mounted the slide never sees an exit, so MUI's Modal keeps its empty,
  // invisible layer over the page (z-index 1200) and no click reaches it until a reload.
  const [foldedFor, setFoldedFor] = useState<boolean | undefined>(undefined);

  // Folded on a narrow screen (also after a resize from wide), opened again when the screen becomes wide.
  useEffect(() => {
    if (narrow) setOpen(false);
    else if (wasNarrow.current) setOpen(true);
    wasNarrow.current = narrow;
    setFoldedFor(narrow);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when the width class changes, not when the state does
  }, [narrow]);
  // A page chosen in the drawer closes it.
  useEffect(() => {
    if (wasNarrow.current) setOpen(false);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs on navigation only
  }, [pathname]);

  if (!narrow) return <Sidebar {...props}>{children}</Sidebar>;
  return (
    <Drawer
      variant="temporary"
      open={open && foldedFor === true}
      onClose={() => setOpen(false)}
      ModalProps={{ keepMounted: true }}
      slotProps={{ paper: { sx: { width: DRAWER_WIDTH }, 'data-testid': 'sidebar-drawer' } as object }}
    >
      {children}
    </Drawer>
  );
};
