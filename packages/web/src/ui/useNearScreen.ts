import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether the element has come within `margin` of the screen (once true, it stays true). False
 * first on the server and in the browser alike, so a page the server drew hydrates as it was drawn
 * (docs/first-paint.md); without IntersectionObserver it turns true after the first render.
 */
export function useNearScreen(ref: RefObject<Element | null>, margin: string): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !ref.current) return;
    if (typeof IntersectionObserver === 'undefined') {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setNear(true);
      },
      { rootMargin: margin },
    );
    observer.observe(ref.current);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
