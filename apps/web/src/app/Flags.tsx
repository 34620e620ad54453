import { useId } from 'react';

/** Flag images for the language buttons (decorative: the buttons are named Magyar / English). */
export function FlagHu() {
  return (
    <svg
      viewBox="0 0 6 4"
      width="28"
      height="19"
      aria-hidden="true"
      focusable="false"
      className="vp-flag"
    >
      <rect width="6" height="4" fill="#477050" />
      <rect width="6" height="2.667" fill="#fff" />
      <rect width="6" height="1.333" fill="#ce2939" />
    </svg>
  );
}

export function FlagEn() {
  // Unique clip ids: the flag may be drawn twice (both flags, and the narrow screens' toggle).
  const id = useId().replace(/[^\w-]/g, '');
  const s = `vp-uk-s${id}`;
  const t = `vp-uk-t${id}`;
  return (
    <svg
      viewBox="0 0 60 30"
      width="28"
      height="19"
      aria-hidden="true"
      focusable="false"
      className="vp-flag"
    >
      <clipPath id={s}>
        <path d="M0,0 v30 h60 v-30 z" />
      </clipPath>
      <clipPath id={t}>
        <path d="M30,15 h30 v15 z v15 h-30 z h-30 v-15 z v-15 h30 z" />
      </clipPath>
      <g clipPath={`url(#${s})`}>
        <path d="M0,0 v30 h60 v-30 z" fill="#012169" />
        <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
        <path
          d="M0,0 L60,30 M60,0 L0,30"
          clipPath={`url(#${t})`}
          stroke="#C8102E"
          strokeWidth="4"
        />
        <path d="M30,0 v30 M0,15 h60" stroke="#fff" strokeWidth="10" />
        <path d="M30,0 v30 M0,15 h60" stroke="#C8102E" strokeWidth="6" />
      </g>
    </svg>
  );
}
