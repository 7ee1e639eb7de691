/**
 * Where the signed-in user stands with the password the server generated for it (docs/decisions/staff-accounts.md),
 * from the stored session, at each render and on the first one already: the layout decides before it draws anything
 * the server would refuse, and the password change page leaves when there is nothing to change.
 */
import { mustChangePassword } from './authProvider';
import { readSession } from './session';

/**
 * Returns `'signedOut'` without a session, `'required'` while the generated password must still be changed, `'done'`
 * otherwise.
 */
export function usePasswordStep(): 'signedOut' | 'required' | 'done' {
  const session = readSession();
  if (!session) return 'signedOut';
  return mustChangePassword(session) ? 'required' : 'done';
}
