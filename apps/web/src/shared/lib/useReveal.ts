import { useEffect, useRef } from 'react';

/**
 * Decision 0064: a step that opens below the fold (the parking's payment form) is scrolled into
 * view and its first element (a heading with tabIndex -1, or a field) takes the focus, once,
 * when `ready` first turns true. Smooth scrolling only without prefers-reduced-motion.
 */
export function useReveal<T extends HTMLElement>(ready = true) {
  const ref = useRef<T>(null);
  const done = useRef(false);
  useEffect(() => {
    const el = ref.current;
    if (!ready || done.current || !el) return;
    done.current = true;
    const reduce = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? true;
    el.scrollIntoView?.({ block: 'start', behavior: reduce ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, [ready]);
  return ref;
}
