import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/** Muster's look: indigo accents on a calm grey canvas, rounded corners, system fonts. */
export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7: white text on it and indigo links on white reach WCAG AA's 4.5:1 (shade 6 does not).
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    // The Noto faces (bundled) draw Devanagari, Kannada and Tamil; Latin stays the system's.
    'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans Devanagari", "Noto Sans Kannada", "Noto Sans Tamil", "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Paper: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { radius: 'md' } },
    Modal: { defaultProps: { radius: 'md', overlayProps: { backgroundOpacity: 0.4, blur: 2 } } },
    Table: { defaultProps: { verticalSpacing: 'sm', highlightOnHover: true } },
    Tooltip: { defaultProps: { withArrow: true, openDelay: 300 } },
    // Clear buttons of date and select fields are icons: name them.
    DateInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the date' } } },
    DatePickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the date' } } },
    MonthPickerInput: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear the month' } } },
    Select: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    MultiSelect: { defaultProps: { clearButtonProps: { 'aria-label': 'Clear' } } },
    // A link inside a sentence is underlined: colour alone does not tell it apart.
    Anchor: { defaultProps: { underline: 'always' } },
    // Icon-only page controls need names for screen readers ("Next page", "Page 3").
    Pagination: {
      defaultProps: {
        getControlProps: (control: 'first' | 'previous' | 'last' | 'next') =>
          ({ 'aria-label': { first: 'First page', previous: 'Previous page', next: 'Next page', last: 'Last page' }[control] }),
        getItemProps: (page: number) => ({ 'aria-label': `Page ${page}` }),
      },
    },
  },
});

/**
 * Text on each colour's light tint (light badges and buttons), at 4.8:1 or more on it:
 * Mantine's shade 9 is under WCAG AA's 4.5:1 for red, blue, teal, green, lime, yellow
 * and orange, so those are that shade darkened a little.
 */
const LIGHT_TEXT: Record<string, string> = {
  red: '#bf2828',
  pink: '#a61e4d',
  grape: '#862e9c',
  violet: '#5f3dc4',
  indigo: '#364fc7',
  blue: '#1864ab',
  cyan: '#0a6c7e',
  teal: '#077252',
  green: '#257535',
  lime: '#4a760a',
  yellow: '#a15300',
  orange: '#ae3a0c',
};
/** Filled buttons and badges: white text at 4.5:1 or more (shade 9, or the darker tone above where shade 9 is too light). */
const FILLED: Record<string, string> = {
  ...Object.fromEntries(['dark', 'gray', 'red', 'pink', 'grape', 'violet', 'indigo', 'blue', 'cyan', 'teal'].map((c) => [c, `var(--mantine-color-${c}-9)`])),
  green: LIGHT_TEXT.green as string,
  lime: LIGHT_TEXT.lime as string,
  yellow: LIGHT_TEXT.yellow as string,
  orange: LIGHT_TEXT.orange as string,
};

/**
 * Readable colours everywhere (axe-core's colour-contrast rule, WCAG AA): secondary
 * ("dimmed") text at about 6:1 instead of Mantine's 3.3:1; filled and light variants as
 * above; outlines in the text tone.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c636b',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-9)',
    // Placeholders drawn as text (date pickers: "Any day") at about 5:1 instead of Mantine's 2:1.
    '--mantine-color-placeholder': '#676e76',
  };
  for (const [c, value] of Object.entries(FILLED)) light[`--mantine-color-${c}-filled`] = value;
  for (const [c, value] of Object.entries(LIGHT_TEXT)) {
    light[`--mantine-color-${c}-light-color`] = value;
    light[`--mantine-color-${c}-outline`] = value;
  }
  return { variables: {}, light, dark: {} };
};
