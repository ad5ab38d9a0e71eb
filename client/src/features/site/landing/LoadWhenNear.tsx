import { type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";

/**
 * Whether the element given the returned ref has come within `distance` of the screen; true at once when the URL
 * names a section (it may be that one, or below it). Stays true once it is.
 */
export function useNearScreen<T extends Element>(distance: string): [RefObject<T | null>, boolean] {
  const marker = useRef<T>(null);
  const [near, setNear] = useState(() => window.location.hash.length > 1 || typeof IntersectionObserver === "undefined");

  useEffect(() => {
    const element = marker.current;
    if (near || !element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setNear(true), { rootMargin: distance });
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, distance]);

  return [marker, near];
}

/**
 * Renders `children` (a lazy component) once its place on the page comes within `distance` of the screen, or at
 * once when the URL names a section (it may be inside). Until then a placeholder of `placeholderHeight` keeps
 * what follows below the fold, so nothing on screen moves when the content arrives.
 */
export function LoadWhenNear({ children, placeholderHeight, distance = "1500px" }: { children: ReactNode; placeholderHeight: string; distance?: string }) {
  const [marker, near] = useNearScreen<HTMLDivElement>(distance);
  const placeholder = <div ref={marker} style={{ minHeight: placeholderHeight }} aria-hidden="true" />;
  return near ? <Suspense fallback={placeholder}>{children}</Suspense> : placeholder;
}
