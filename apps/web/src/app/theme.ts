import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

/*
 * Calm palette: warm paper neutrals and a muted sage. Every colour that a component may fill
 * (shade 7 with primaryShade 7) carries white text at 4.5:1 or more, shade 9 reads at 4.5:1 on
 * shade 1 (light variant), and gray 6 (dimmed text) reads at 4.5:1 on the page background.
 * Default Mantine shades fail WCAG AA for filled buttons and error text, hence the full set.
 */
// One row per colour, shades 0 (lightest) to 9.
// prettier-ignore
const colors = {
  sage: ['#f2f7f5', '#e3eee8', '#cedad4', '#b1c4ba', '#91ac9e', '#739685', '#5e7d6e', '#486054', '#394c42', '#2c3a33'],
  gray: ['#faf8f5', '#f3f0eb', '#e8e3dc', '#d9d2c8', '#bfb6aa', '#8f867a', '#6b645a', '#57514a', '#3d3934', '#2b2825'],
  slate: ['#f2f5f7', '#e2e8ee', '#cdd4db', '#afbac5', '#8f9eae', '#718598', '#5c6e7f', '#475462', '#38424d', '#2b333b'],
  red: ['#fbefee', '#f6dcda', '#eac0bd', '#de9b96', '#d0726c', '#c44d45', '#a73c35', '#802e28', '#652420', '#4e1c18'],
  orange: ['#fcf3ee', '#f8e5d8', '#eeceba', '#e3b291', '#d89264', '#ce763b', '#af602c', '#874a22', '#6a3a1b', '#522d14'],
  yellow: ['#fdf8ec', '#fcf0d5', '#f4e1b3', '#eecf87', '#e7bb55', '#e0a929', '#b38519', '#816012', '#674c0f', '#503c0b'],
  green: ['#f1f9f3', '#dff1e3', '#c7e1cd', '#a5cfb0', '#81bb90', '#60a972', '#4d8f5d', '#3b6d48', '#2e5638', '#24422b'],
  teal: ['#f0f9f9', '#def2f1', '#c4e3e0', '#a2d2ce', '#7cc0ba', '#5aafa8', '#47948e', '#37726d', '#2b5a56', '#214542'],
  blue: ['#f0f4fa', '#dde7f4', '#c2d2e5', '#9fb8d6', '#779cc5', '#5481b6', '#426b9a', '#325276', '#28415d', '#1f3247'],
} satisfies Record<string, MantineColorsTuple>;

const systemSans =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", "Noto Sans", "Liberation Sans", Arial, sans-serif';
// Lora is self-hosted (styles/global.css); the system serifs cover the moment before it loads.
const systemSerif =
  'Lora, "Iowan Old Style", "Palatino Linotype", Palatino, "Book Antiqua", Georgia, "DejaVu Serif", serif';

export const PAGE_BACKGROUND = colors.gray[0];

const MODAL_TITLE = {
  fontFamily: systemSerif,
  fontSize: '1.3125rem',
  fontWeight: 600,
  lineHeight: 1.3,
  color: 'var(--mantine-color-gray-9)',
} as const;

export const theme = createTheme({
  primaryColor: 'sage',
  primaryShade: 7,
  colors,
  white: '#ffffff',
  black: '#23211e',
  fontFamily: systemSans,
  fontFamilyMonospace:
    'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSizes: { xs: '0.8125rem', sm: '0.9375rem', md: '1rem', lg: '1.125rem', xl: '1.3125rem' },
  lineHeights: { xs: '1.45', sm: '1.5', md: '1.6', lg: '1.65', xl: '1.7' },
  headings: {
    fontFamily: systemSerif,
    fontWeight: '600',
    textWrap: 'balance',
    sizes: {
      h1: { fontSize: 'clamp(1.875rem, 1.4rem + 2vw, 2.625rem)', lineHeight: '1.2' },
      h2: { fontSize: 'clamp(1.5rem, 1.25rem + 1vw, 1.875rem)', lineHeight: '1.25' },
      h3: { fontSize: '1.375rem', lineHeight: '1.3' },
      h4: { fontSize: '1.125rem', lineHeight: '1.4' },
      h5: { fontSize: '1rem', lineHeight: '1.45' },
      h6: { fontSize: '0.9375rem', lineHeight: '1.45' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  shadows: {
    xs: '0 1px 2px rgba(43, 40, 37, 0.06)',
    sm: '0 1px 3px rgba(43, 40, 37, 0.08), 0 1px 2px rgba(43, 40, 37, 0.04)',
    md: '0 4px 12px rgba(43, 40, 37, 0.08)',
    lg: '0 10px 30px rgba(43, 40, 37, 0.10)',
    xl: '0 20px 50px rgba(43, 40, 37, 0.12)',
  },
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  components: {
    // axe: Mantine's close buttons have no accessible name of their own.
    // Dialog titles speak with the same serif voice as page headings, with room to breathe.
    Modal: {
      defaultProps: {
        closeButtonProps: { 'aria-label': 'Close' },
        centered: true,
        padding: 'lg',
        overlayProps: { backgroundOpacity: 0.45 },
      },
      styles: { title: MODAL_TITLE },
    },
    Drawer: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Close' } },
      styles: { title: MODAL_TITLE },
    },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // axe: the focus placeholder (role=presentation, tabindex=-1) inside role=menu breaks
    // aria-required-children; without it, focus goes to the dropdown and arrows reach the items.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    Button: { defaultProps: { radius: 'md' } },
    Container: { defaultProps: { size: 'lg' } },
    Anchor: { defaultProps: { underline: 'always' } },
  },
});

/** Page background, body text, dimmed and error colours that meet WCAG AA on that background. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': PAGE_BACKGROUND,
    '--mantine-color-dimmed': 'var(--mantine-color-gray-6)',
    '--mantine-color-error': 'var(--mantine-color-red-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-5)',
    '--mantine-color-default-border': 'var(--mantine-color-gray-5)',
  },
  dark: {},
});
