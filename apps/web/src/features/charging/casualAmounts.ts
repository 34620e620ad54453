import { CASUAL_AMOUNTS } from './constants';

/** SPEC §4: the other-options button reads "more" at the first amount, "less" at the last, "other" between. */
export function otherOptionsKey(amount: number): string {
  const i = CASUAL_AMOUNTS.indexOf(amount as (typeof CASUAL_AMOUNTS)[number]);
  if (i === 0) return 'casual.otherOptions.more';
  if (i === CASUAL_AMOUNTS.length - 1) return 'casual.otherOptions.less';
  return 'casual.otherOptions.other';
}
