import { createTheme, type MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
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
    ActionIcon: { defaultProps: { size: 44 } },
    Anchor: { defaultProps: { underline: 'always' } },
    Text: {},
  },
});
