const pending = new Map<string, Promise<void>>();

/**
 * Adds a provider's script to the page once, on demand. A failed load (offline, blocked by an
 * extension) is forgotten, so a later visit of the screen tries again.
 */
export function loadScript(src: string): Promise<void> {
  const known = pending.get(src);
  if (known) return known;
  const loading = new Promise<void>((resolve, reject) => {
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.addEventListener('load', () => resolve());
    el.addEventListener('error', () => {
      pending.delete(src);
      el.remove();
      reject(new Error(`Could not load ${src}`));
    });
    document.head.appendChild(el);
  });
  pending.set(src, loading);
  return loading;
}

export function resetScriptsForTests(): void {
  pending.clear();
  for (const el of document.head.querySelectorAll('script[src]')) el.remove();
}
