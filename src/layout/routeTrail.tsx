/**
 * The path the app showed before the current one, for the route guard's rule "arriving on an error page from
 * serverError goes home" (spec 000 §2 "Main layout and sidebar", 001 §4 "Route guard"): <RouteTrail /> sits in the
 * router before the app (src/App.tsx), so its effect has recorded a navigation before the page's own effects run.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

let current: string | undefined;
let previous: string | undefined;

/** Records each new pathname (renders nothing; no props). */
export const RouteTrail = () => {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname === current) return;
    previous = current;
    current = pathname;
  }, [pathname]);
  return null;
};

/** The pathname shown before the current one (undefined on the first page of the visit). */
export function previousPathname(): string | undefined {
  return previous;
}
