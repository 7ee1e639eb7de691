/**
 * The pages before the app as the app shows them (its /login and /forgotpassword): their navigation through
 * react-router, the notice in the location's state (src/auth/authNavigation.tsx).
 */
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { AuthNavigationContext } from './authNavigation';

/** Gives its children (a page before the app) react-router's navigation. */
export const RouterAuthNavigation = ({ children }: { children: ReactNode }) => {
  const navigate = useNavigate();
  const notice = (useLocation().state as { notice?: string } | null)?.notice;
  const go = (path: string, text?: string) => navigate(path, { state: text ? { notice: text } : undefined });
  return <AuthNavigationContext.Provider value={{ notice, go }}>{children}</AuthNavigationContext.Provider>;
};
