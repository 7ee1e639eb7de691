/**
 * The signed-in user as the screens read it: react-admin's useGetIdentity, typed with the identity our authProvider
 * gives (AppIdentity: id, full name, role and agency — what the parcel rules userSeesAllAgences and isOwnColis read).
 */
import { useGetIdentity } from 'react-admin';
import type { AppIdentity } from '../providers/authProvider';

/** Returns the identity, or undefined while it loads. */
export function useAppIdentity(): AppIdentity | undefined {
  const { identity } = useGetIdentity();
  return identity as AppIdentity | undefined;
}
