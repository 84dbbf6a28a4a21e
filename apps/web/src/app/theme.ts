import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type MantineColorsTuple,
  type MantineThemeOverride,
  type VariantColorsResolver,
} from '@mantine/core';
import type { ColorPreset } from '../features/settings/index.ts';

// Latin faces are bundled; CJK text falls back to the system's own fonts (bundling them would add
// megabytes for glyphs the OS already has).
const CJK_FALLBACK =
  "'PingFang SC', 'Hiragino Sans', 'Hiragino Sans GB', 'Microsoft YaHei', 'Yu Gothic UI', 'Noto Sans CJK SC', 'Noto Sans CJK JP'";
const SANS = `'Inter Variable', system-ui, -apple-system, 'Segoe UI', ${CJK_FALLBACK}, sans-serif`;
const DISPLAY = `'Lexend Variable', ${SANS}`;
const MONO = "'JetBrains Mono Variable', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

// The five presets, tuned so shade 7 (light scheme) carries white text at ≥ 4.5:1 and shade 4 (dark
// scheme, "lighter green in dark") carries dark text; Mantine's stock shade 6/7 greens fail WCAG AA.
const PRESET_PALETTES: Record<ColorPreset, MantineColorsTuple> = {
  green: ['#ecfdf3', '#d1fadf', '#a6f4c5', '#6ce9a6', '#32d583', '#12b76a', '#039855', '#027a48', '#05603a', '#054f31'],
  teal: ['#f0fdf9', '#ccfbef', '#99f6e0', '#5fe9d0', '#2ed3b7', '#15b79e', '#0e9384', '#107569', '#125d56', '#134e48'],
  blue: ['#eff8ff', '#d1e9ff', '#b2ddff', '#84caff', '#53b1fd', '#2e90fa', '#1570ef', '#175cd3', '#1849a9', '#194185'],
  violet: [
    '#f5f3ff',
    '#ece9fe',
    '#ddd6fe',
    '#c3b5fd',
    '#a48afb',
    '#875bf7',
    '#7839ee',
    '#6927da',
    '#5720b7',
    '#491c96',
  ],
  orange: [
    '#fff6ed',
    '#ffead5',
    '#fddcab',
    '#feb273',
    '#fd853a',
    '#fb6514',
    '#ec4a0a',
    '#c4320a',
    '#9c2a10',
    '#7e2410',
  ],
};

/**
 * Mantine picks one text colour for a filled button for both schemes, but our fills are deep in light
 * and light in dark: text on a filled surface follows the scheme instead (white in light, ink in dark).
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  if (input.variant === 'filled' && /--mantine-color-(white|black)\)$/.test(colors.color))
    return { ...colors, color: 'var(--arbor-on-filled)' };
  return colors;
};

/**
 * The Mantine theme for a primary colour preset: a deep shade in light, a lighter one in dark.
 * `closeLabel` names the close button of every toast, dialog and drawer for screen readers, in the UI language.
 */
export function buildTheme(preset: ColorPreset, closeLabel: string): MantineThemeOverride {
  return createTheme({
    // Plain entries, not `Component.extend`: importing Modal or Drawer here would pull them (and their
    // scroll lock and focus trap) into the first bundle.
    components: {
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      Drawer: { defaultProps: { closeButtonProps: { 'aria-label': closeLabel } } },
      // Mantine keeps every closed dropdown mounted (hidden), so each Select on a page positions its
      // dropdown when the page mounts: a forced style recalculation and a synchronous re-render per
      // Select, in the page's first long task. The options render when the dropdown opens instead.
      Combobox: { defaultProps: { keepMounted: false } },
    },
    // A slightly cooler dark scheme with brighter text than Mantine's default (#c9c9c9 on #242424).
    colors: {
      ...PRESET_PALETTES,
      dark: [
        '#e6e8ec',
        '#bfc3ca',
        '#9aa0aa',
        '#737a86',
        '#4d525c',
        '#3a3e46',
        '#2c2f36',
        '#202228',
        '#191a1f',
        '#121317',
      ],
    },
    primaryColor: preset,
    primaryShade: { light: 7, dark: 4 },
    // Picks dark text on the light dark-scheme fills, white on the deep light-scheme ones.
    autoContrast: true,
    luminanceThreshold: 0.3,
    variantColorResolver,
    fontFamily: SANS,
    fontFamilyMonospace: MONO,
    headings: { fontFamily: DISPLAY, fontWeight: '600' },
    // SPEC §9: 8px base radius, 4px small.
    defaultRadius: 'md',
    radius: { xs: '2px', sm: '4px', md: '8px', lg: '12px', xl: '16px' },
    // SPEC §9 responsive breakpoint: `sm` is 700px, so `hiddenFrom="sm"` means "phones".
    breakpoints: { xs: '30em', sm: '43.75em', md: '62em', lg: '75em', xl: '88em' },
    cursorType: 'pointer',
    focusRing: 'auto',
  });
}

/** Mantine's light-scheme "dimmed" grey is 3.3:1 on white; a darker grey keeps secondary text readable (AA). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5f6670', '--arbor-on-filled': '#ffffff' },
  dark: { '--mantine-color-dimmed': '#a3a7ae', '--arbor-on-filled': '#0b1a12' },
});

/** Overlays (modals, menus, palette, toasts) stack from z-index 2000 (SPEC §9). */
export const Z_INDEX = { overlay: 2000, palette: 2100, notifications: 2200, progress: 2300 } as const;
