/**
 * Main layout (spec 000 §2 "Main layout and sidebar"): react-admin's Layout with our app bar and menu,
 * the page, and the footer; it runs the inactivity logout (spec 000 §4) and keeps the privileges in step with the
 * server (providers/permissionsSync.ts, issue 9 §2).
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppAppBar } from './AppAppBar';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { useInactivityLogout } from './useInactivityLogout';
import { usePermissionsFollowServer } from '../providers/permissionsSync';

/** The layout given to <Admin>; takes the page as children. */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  useInactivityLogout();
  usePermissionsFollowServer();
  return (
    <Layout appBar={AppAppBar} menu={AppMenu}>
      {children}
      <Footer />
    </Layout>
  );
};
