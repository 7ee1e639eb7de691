/**
 * Main layout (spec 000 §2 "Main layout and sidebar"): react-admin's Layout with our app bar and menu,
 * the page, and the footer; it runs the inactivity logout (spec 000 §4).
 */
import type { ReactNode } from 'react';
import { Layout } from 'react-admin';
import { AppAppBar } from './AppAppBar';
import { AppMenu } from './AppMenu';
import { Footer } from './Footer';
import { useInactivityLogout } from './useInactivityLogout';

/** The layout given to <Admin>; takes the page as children. */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  useInactivityLogout();
  return (
    <Layout appBar={AppAppBar} menu={AppMenu}>
      {children}
      <Footer />
    </Layout>
  );
};
