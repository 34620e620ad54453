export type PanelTab = 'parking' | 'charger' | 'poi';
const ORDER: readonly PanelTab[] = ['parking', 'charger', 'poi'];

export interface TabContent {
  parking: boolean;
  charger: boolean;
  poi: boolean;
}

/** Only tabs with content show, in the order parking, charger, poi (SPEC §2 Location panel). */
export function availableTabs(c: TabContent): PanelTab[] {
  return ORDER.filter((t) => c[t]);
}

/** Accepts SPEC's tab names and a few spellings used by links (chargers, service, services). */
export function parseTab(v: string | null | undefined): PanelTab | null {
  switch ((v ?? '').toLowerCase()) {
    case 'parking':
      return 'parking';
    case 'charger':
    case 'chargers':
    case 'charging':
      return 'charger';
    case 'poi':
    case 'pois':
    case 'service':
    case 'services':
      return 'poi';
    default:
      return null;
  }
}

/** The default tab: the one passed in (if it has content), else parking, else charger, else poi. */
export function defaultTab(passed: string | null | undefined, c: TabContent): PanelTab | null {
  const wanted = parseTab(passed);
  if (wanted && c[wanted]) return wanted;
  return availableTabs(c)[0] ?? null;
}
