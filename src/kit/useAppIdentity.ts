/**
 * The signed-in user as the screens read it: react-admin's useGetIdentity, typed with the identity our authProvider
 * gives (AppIdentity: id, full name, role and agency — what the parcel rules userSeesAllAgences and isOwnColis read),
 * and the same user as the access rules read it (common/autorisationRules.ts Actor). Outside src/providers/, this is
 * the one file that reads the stored session (docs/frontend.md "Shape of every area"; the lint rule in
 * eslint.config.js refuses it anywhere else).
 */
import { useMemo } from 'react';
import { useGetIdentity } from 'react-admin';
import type { Actor } from '../../common/autorisationRules';
import type { AppIdentity } from '../providers/authProvider';
import { readSession, sessionActor, type SessionUser } from '../providers/session';

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

/**
 * The signed-in user's record as stored at sign-in (id, role, agency…), on the first render already, before
 * useGetIdentity answers: a screen that restores what this user left in the browser reads it in its initial state.
 * Undefined without a session.
 */
export function useSignedInUser(): SessionUser | undefined {
  return readSession()?.user;
}
