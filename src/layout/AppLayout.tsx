/**
 * Main layout (spec 000 §2 "Main layout and sidebar"): react-admin's Layout with our app bar, menu and sidebar (a drawer
 * below 992 px, AppSidebar.tsx),
 * the page, and the footer; it runs the inactivity logout (spec 000 §4) and keeps the privileges in step with the
 * server (providers/permissionsSync.ts, docs/decisions/permission-assignment.md). A user who must still change the
 * password the server generated for it is sent to that step instead (docs/decisions/staff-accounts.md).
 */
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { Layout } from 'react-admin';
import { CHANGE_PASSWORD_PATH } from '../providers/authProvider';
import { usePasswordStep } from '../providers/usePasswordStep';
import { AppAppBar } from './AppAppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { Footer } from './Footer';
import { useInactivityLogout } from './useInactivityLogout';
import { usePermissionsFollowServer } from '../providers/permissionsSync';

/** The layout given to <Admin>; takes the page as children. */
export const AppLayout = ({ children }: { children: ReactNode }) => {
  useInactivityLogout();
  usePermissionsFollowServer();
  const passwordStep = usePasswordStep();
  // A generated password must be changed before the app opens (docs/decisions/staff-accounts.md; the server refuses
  // every other call).
  if (passwordStep === 'required') return <Navigate to={CHANGE_PASSWORD_PATH} replace />;
  return (
    <Layout appBar={AppAppBar} menu={AppMenu} sidebar={AppSidebar}>
      {children}
      <Footer />
    </Layout>
  );
};
