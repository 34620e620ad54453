import type { Platform } from '@/shared/lib/platform';

export interface NavLink {
  app: 'apple' | 'google' | 'waze' | 'sygic';
  label: string;
  href: string;
}

/** Start-navigation deep links with coordinates (SPEC §2); Apple Maps on iOS only. */
export function navigationLinks(platform: Platform, lat: number, lng: number): NavLink[] {
  if (platform === 'web') return [];
  const ll = `${lat},${lng}`;
  const links: NavLink[] = [];
  if (platform === 'ios')
    links.push({ app: 'apple', label: 'Apple Maps', href: `maps://?daddr=${ll}&dirflg=d` });
  links.push({
    app: 'google',
    label: 'Google Maps',
    href: `https://www.google.com/maps/dir/?api=1&destination=${ll}&travelmode=driving`,
  });
  links.push({ app: 'waze', label: 'Waze', href: `https://waze.com/ul?ll=${ll}&navigate=yes` });
  links.push({
    app: 'sygic',
    label: 'Sygic',
    href: `com.sygic.aura://coordinate|${lng}|${lat}|drive`,
  });
  return links;
}
