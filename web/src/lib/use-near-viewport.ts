import { type RefObject, startTransition, useEffect, useRef, useState } from 'react';

/**
 * True once the element has come within `margin` of the viewport (and from then on). Issue 30 item 10: a chart costs
 * a phone hundreds of milliseconds to draw (Recharts measures every axis label in the DOM); the ones below the fold
 * are drawn when the user scrolls towards them, one at a time, not all in the page's first task. Where the browser
 * has no IntersectionObserver (jsdom), everything is near.
 */
export function useNearViewport<T extends Element>(margin = '200px'): [RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        // A transition: React draws the chart in slices, yielding to a tap or a scroll in between.
        startTransition(() => setNear(true));
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  return [ref, near];
}
