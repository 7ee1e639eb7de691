/**
 * Renders its children only once their place on the page comes near the screen (IntersectionObserver), so that a
 * section below the fold loads its code (e.g. the recharts charts, ~85 KB compressed) when the user scrolls to it
 * rather than with the screen (docs/decisions/screen-bundles.md). Neither react-admin nor MUI has such a component.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Box } from '@mui/material';

/**
 * Takes a margin around the screen (CSS px, default 200px: a little ahead of the scroll) and whether to watch yet
 * (`ready`: false while the content above has not taken its place, e.g. a table still loading); returns the ref to
 * give the element and `seen`, true from the first time the element is within the margin (and then stays true). True
 * at once where the browser has no IntersectionObserver.
 */
function useSeenOnce<T extends Element>(margin = '200px', ready = true) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !ready || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setSeen(true), { rootMargin: margin });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, ready, margin]);
  return { ref, seen };
}

/**
 * Takes the height to hold until then (px, so the page does not jump), `ready` (see useSeenOnce; default true) and the
 * content; renders the content once its place has been seen.
 */
export const WhenVisible = ({ minHeight, ready = true, children }: { minHeight: number; ready?: boolean; children: ReactNode }) => {
  const { ref, seen } = useSeenOnce<HTMLDivElement>('200px', ready);
  return (
    <Box ref={ref} sx={seen ? undefined : { minHeight }}>
      {seen ? children : null}
    </Box>
  );
};
