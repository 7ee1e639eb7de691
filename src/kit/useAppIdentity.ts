/**
 * The signed-in user as the screens read it: react-admin's useGetIdentity, typed with the identity our authProvider
 * gives (AppIdentity: id, full name, role and agency — what the parcel rules userSeesAllAgences and isOwnColis read),
 * and the same user as the access rules read it (common/autorisationRules.ts Actor).
 */
import { useMemo } from 'react';
import { useGetIdentity } from 'react-admin';
import type { Actor } from '../../common/autorisationRules';
import type { AppIdentity } from '../providers/authProvider';
import { readSession, sessionActor } from '../providers/session';

/** Returns the identity, or undefined while it loads. */
export function useAppIdentity(): AppIdentity | undefined {
  const { identity } = useGetIdentity();
  return identity as AppIdentity | undefined;
}

/**
 * Returns the signed-in user as the access rules read it (role, agency, identity, reach, keys: the session's), read
 * again when the identity changes; an empty actor (no agency, no key) while the identity loads.
 */
export function useSessionActor(): Actor {
  const identity = useAppIdentity();
  return useMemo(() => sessionActor(identity ? readSession() : null), [identity]);
}
