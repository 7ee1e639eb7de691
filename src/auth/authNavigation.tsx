/**
 * How the pages before the app (sign-in, forgotten password) move between themselves and pass a notice (the reset's
 * success shown on the sign-in page), without a router: the sign-in entry moves through the browser's history itself
 * (src/auth/PublicApp.tsx), the app through react-router (src/auth/RouterAuthNavigation.tsx). react-router costs
 * ~30 KB compressed, a fifth of the sign-in page's budget (docs/decisions/screen-bundles.md "The sign-in entry").
 */
import { createContext, useContext, type MouseEvent, type ReactNode } from 'react';
import MuiLink from '@mui/material/Link';

/** The sign-in page's path (react-admin's login path too). */
export const LOGIN_PATH = '/login';
/** The forgotten password page's path (spec 000 §2). */
export const FORGOT_PATH = '/forgotpassword';

/** What the pages read and call. */
export interface AuthNavigation {
  /** The text the previous page left for this one (the reset's success), if any. */
  notice?: string;
  /** Goes to `path` (/login, /forgotpassword), leaving it `notice`. */
  go: (path: string, notice?: string) => void;
}

/** Given by PublicApp or RouterAuthNavigation. */
export const AuthNavigationContext = createContext<AuthNavigation | null>(null);

/**
 * The navigation of the page's provider.
 * @throws Error when the page is drawn outside PublicApp and RouterAuthNavigation
 */
export function useAuthNavigation(): AuthNavigation {
  const navigation = useContext(AuthNavigationContext);
  if (!navigation) throw new Error('useAuthNavigation: page hors de PublicApp et de RouterAuthNavigation');
  return navigation;
}

/**
 * A link to another page before the app: a real link (its address shows, a middle click opens a tab), followed in
 * place on a plain click.
 */
export const AuthLink = ({ to, children }: { to: string; children: ReactNode }) => {
  const { go } = useAuthNavigation();
  const follow = (event: MouseEvent) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    go(to);
  };
  return (
    <MuiLink href={to} underline="hover" onClick={follow}>
      {children}
    </MuiLink>
  );
};
