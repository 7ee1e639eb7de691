/**
 * Route guard pieces (spec 000 §2 "if the route name appears in the server's permission list but the user
 * does not hold it, the user goes to notauthenticate"; 001 §6 "Route access is checked against the permission
 * whose name equals the route name").
 */
import type { ReactNode } from 'react';
import { Loading, Navigate, useCanAccess } from 'react-admin';
import type { PermissionKey } from '../../common/permissions';

/** Given to <Admin accessDenied>: react-admin sends a refused resource route to /access-denied; this forwards to /notauthenticate. */
export const AccessDeniedRedirect = () => <Navigate to="/notauthenticate" replace />;

/** Wraps a custom route: renders children only when the user holds `permission`, else goes to /notauthenticate. */
export const RequirePermission = ({ permission, children }: { permission: PermissionKey; children: ReactNode }) => {
  const { canAccess, isPending } = useCanAccess({ resource: permission, action: 'list' });
  if (isPending) return <Loading />;
  if (!canAccess) return <Navigate to="/notauthenticate" replace />;
  return <>{children}</>;
};
