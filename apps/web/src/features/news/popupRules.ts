/**
 * Pop-up rules (docs/decisions/0017): at most one pop-up (the advert or one news
 * post) per visit, and a news post once shown is remembered (shownNews) and never shown again.
 * Where a pop-up may open at all is app/popupGate.ts.
 */

const VISIT_KEY = 'popupShownThisVisit';

function visitStore(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

// Without sessionStorage (private mode) the page itself is the visit.
let shownInThisPage = false;

/** Whether a pop-up has already been shown in this visit (browser tab session). */
export function popupShownThisVisit(): boolean {
  if (shownInThisPage) return true;
  try {
    return visitStore()?.getItem(VISIT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Remembers that this visit had its pop-up. */
export function rememberPopupShown(): void {
  shownInThisPage = true;
  try {
    visitStore()?.setItem(VISIT_KEY, '1');
  } catch {
    /* the page-level flag still holds */
  }
}

/** Test hook: a new visit. */
export function resetVisitForTests(): void {
  shownInThisPage = false;
  try {
    visitStore()?.removeItem(VISIT_KEY);
  } catch {
    /* ignore */
  }
}
