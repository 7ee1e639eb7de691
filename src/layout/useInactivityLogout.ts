/**
 * 30-minute inactivity logout (spec 000 §4 Session, §9: 1,800,000 ms), reset by click, mouse move, key
 * press or scroll. The delay can be shortened with `window.__APP_CONFIG__.inactivityMs` (src/config.ts).
 */
import { useEffect } from 'react';
import { useLogout } from 'react-admin';
import { getInactivityMs } from '../config';
import { ACTIVITY_EVENTS, remainingIdleTime } from './inactivity';

/** Starts the timer while the calling component (the layout) is mounted; takes an optional delay in ms. */
export function useInactivityLogout(limitMs: number = getInactivityMs()): void {
  const logout = useLogout();
  useEffect(() => {
    let lastActivity = Date.now();
    let timer: ReturnType<typeof setTimeout>;
    const onActivity = () => {
      lastActivity = Date.now();
    };
    const check = () => {
      const left = remainingIdleTime(lastActivity, Date.now(), limitMs);
      if (left === 0) logout();
      else timer = setTimeout(check, left);
    };
    timer = setTimeout(check, limitMs);
    for (const name of ACTIVITY_EVENTS) window.addEventListener(name, onActivity, { passive: true, capture: true });
    return () => {
      clearTimeout(timer);
      for (const name of ACTIVITY_EVENTS) window.removeEventListener(name, onActivity, { capture: true });
    };
  }, [logout, limitMs]);
}
