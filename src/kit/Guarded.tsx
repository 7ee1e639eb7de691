/**
 * A lazy page of a custom route (spec 000 §2 route table; 001 §6 "Route access is checked against the permission whose
 * name equals the route name"): behind its permission when one is given, with a loader while its code arrives.
 */
import { Suspense, type ComponentProps, type ReactNode } from 'react';
import { Loading } from 'react-admin';
import { RequirePermission } from '../layout/AccessGuards';

/** Props of Guarded: the permission of the route (none for a public page such as /forgotpassword) and the page. */
export interface GuardedProps {
  permission?: ComponentProps<typeof RequirePermission>['permission'];
  children: ReactNode;
}

/** Renders the page once its code has loaded, only for a user holding `permission` (else /notauthenticate). */
export const Guarded = ({ permission, children }: GuardedProps) => {
  const page = <Suspense fallback={<Loading />}>{children}</Suspense>;
  return permission ? <RequirePermission permission={permission}>{page}</RequirePermission> : page;
};
