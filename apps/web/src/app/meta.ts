/** The route meta flags of SPEC §2, carried as each route's `handle`. */
export interface RouteMeta {
  /** SPEC route name (e.g. parkingLot, creditCardsWizard). */
  name: string;
  /** i18n key of the page title; the document title follows it. */
  titleKey: string;
  loginRequired: boolean;
  enabledAtCasualCharge: boolean;
  wizardView: boolean;
  fullscreen: boolean;
  canRedirectHereAfterLogin: boolean;
  disableMainMenu: boolean;
  noFullScreenAd: boolean;
}

export function meta(name: string, titleKey: string, flags: Partial<RouteMeta> = {}): RouteMeta {
  return {
    name,
    titleKey,
    loginRequired: false,
    enabledAtCasualCharge: false,
    wizardView: false,
    fullscreen: false,
    canRedirectHereAfterLogin: false,
    disableMainMenu: false,
    noFullScreenAd: false,
    ...flags,
  };
}

export function isRouteMeta(h: unknown): h is RouteMeta {
  return typeof h === 'object' && h !== null && 'titleKey' in h && 'loginRequired' in h;
}
