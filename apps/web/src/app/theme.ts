import {
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * Voltpark green. Shade 7 (#0b6e4f) on white is 6.2:1 and white on it is 6.2:1, so filled
 * buttons and links pass WCAG AA (4.5:1) for normal text.
 */
const brand: MantineColorsTuple = [
  '#e6f6f0',
  '#c9eadd',
  '#98d6bf',
  '#63c09e',
  '#38ad83',
  '#1f9a70',
  '#138761',
  '#0b6e4f',
  '#085a40',
  '#044531',
];

/** Backgrounds dark enough for white text (≥ 4.5:1), per colour name. */
const FILLED: Record<string, string> = {
  brand: '#0b6e4f',
  green: '#1e7b34',
  red: '#c92a2a',
  orange: '#a94400',
  yellow: '#8a5a00',
  blue: '#1c5fd1',
  gray: '#495057',
  dark: '#212529',
  grape: '#862e9c',
};
/** Text colours readable (≥ 4.5:1) on white and on the light tints of the light variant. */
const TEXT: Record<string, string> = {
  brand: '#085a40',
  green: '#176329',
  red: '#a51d1d',
  orange: '#8a3700',
  yellow: '#6e4800',
  blue: '#1651b5',
  gray: '#3d434a',
  dark: '#212529',
  grape: '#6f2482',
};

/**
 * Mantine's default filled and light colours (e.g. white on green 6, green 9 on green 0) fall
 * below WCAG AA's 4.5:1; theme colour names map to the accessible shades above instead.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const def = defaultVariantColorsResolver(input);
  const parsed = parseThemeColor({
    color: input.color || input.theme.primaryColor,
    theme: input.theme,
  });
  if (!parsed.isThemeColor || parsed.shade !== undefined) return def;
  const fill = FILLED[parsed.color];
  const text = TEXT[parsed.color];
  if (!fill || !text) return def;
  switch (input.variant) {
    case 'filled':
      return { ...def, background: fill, hover: fill, color: '#fff', border: `1px solid ${fill}` };
    case 'light':
    case 'subtle':
      return { ...def, color: text };
    case 'outline':
      return { ...def, color: text, border: `1px solid ${text}` };
    default:
      return def;
  }
};

/**
 * Dimmed text (input descriptions, captions) at 7:1 instead of Mantine's grey 6 (3.3:1); field
 * errors (text and the invalid input's border and text) in red 9 (6.5:1) instead of red 6 (3.3:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#495057',
    '--mantine-color-placeholder': '#6c737a',
    '--mantine-color-error': '#c92a2a',
  },
  dark: {},
});

export const theme = createTheme({
  // People who ask their system for less motion get no transitions (modals, drawers, menus).
  respectReducedMotion: true,
  variantColorResolver,
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  colors: { brand },
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  defaultRadius: 'md',
  focusRing: 'always',
  // Dimmed text in Mantine's default grey is below 4.5:1 on white; use a darker grey.
  other: {},
  components: {
    Button: { defaultProps: { size: 'md' } },
    // A spinner is drawn as a <span>, where an aria-label is not allowed (axe's
    // aria-prohibited-attr): as an image its label ("Betöltés…") is read out.
    Loader: { defaultProps: { role: 'img' } },
    ActionIcon: { defaultProps: { size: 44 } },
    // Long web and e-mail addresses wrap instead of running off a 390 px screen.
    Anchor: {
      defaultProps: { underline: 'always' },
      styles: { root: { overflowWrap: 'anywhere', wordBreak: 'break-word' } },
    },
    // Badges show their whole text ("Foglalt", "ALAPÉRTELMEZETT") and wrap to a second line when
    // narrow, instead of Mantine's one-line ellipsis ("Foglal…").
    Badge: {
      styles: {
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
        label: {
          whiteSpace: 'normal',
          overflow: 'visible',
          textOverflow: 'clip',
          overflowWrap: 'break-word',
          lineHeight: 1.25,
          paddingBlock: 2,
        },
      },
    },
    Text: {},
  },
});
