import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { ColorPreset } from '../features/settings/settings-store.ts';

// Latin faces are bundled; CJK text falls back to the system's own fonts (bundling them would add
// megabytes for glyphs the OS already has).
const CJK_FALLBACK = "'PingFang SC', 'Hiragino Sans', 'Hiragino Sans GB', 'Microsoft YaHei', 'Yu Gothic UI', 'Noto Sans CJK SC', 'Noto Sans CJK JP'";
const SANS = `'Inter Variable', system-ui, -apple-system, 'Segoe UI', ${CJK_FALLBACK}, sans-serif`;
const DISPLAY = `'Lexend Variable', ${SANS}`;
const MONO = "'JetBrains Mono Variable', ui-monospace, SFMono-Regular, Menlo, Consolas, monospace";

/** The Mantine theme for a primary colour preset: a deeper shade in light, a lighter one in dark. */
export function buildTheme(preset: ColorPreset): MantineThemeOverride {
  return createTheme({
    primaryColor: preset,
    primaryShade: { light: 7, dark: 5 },
    fontFamily: SANS,
    fontFamilyMonospace: MONO,
    headings: { fontFamily: DISPLAY, fontWeight: '600' },
    // SPEC §9: 8px base radius, 4px small.
    defaultRadius: 'md',
    radius: { xs: '2px', sm: '4px', md: '8px', lg: '12px', xl: '16px' },
    cursorType: 'pointer',
    focusRing: 'auto',
  });
}

/** Overlays (modals, menus, palette, toasts) stack from z-index 2000 (SPEC §9). */
export const Z_INDEX = { overlay: 2000, palette: 2100, notifications: 2200, progress: 2300 } as const;
