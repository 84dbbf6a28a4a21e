import { useSyncExternalStore } from 'react';

export const LAYOUTS = ['horizontal', 'vertical', 'blank'] as const;
export type LayoutName = (typeof LAYOUTS)[number];

export const TRANSITIONS = ['fade', 'fade-up', 'fade-bottom', 'fade-left', 'fade-right'] as const;
type RouterTransition = (typeof TRANSITIONS)[number];

/** Primary colour presets: Mantine palettes, shade 7 in light and 5 in dark (see app/theme.ts). */
export const COLOR_PRESETS = ['green', 'teal', 'blue', 'violet', 'orange'] as const;
export type ColorPreset = (typeof COLOR_PRESETS)[number];

/** Every client setting of SPEC §3 except theme and language, which Mantine and i18n persist themselves. */
export interface ClientSettings {
  layout: LayoutName;
  colorPreset: ColorPreset;
  transition: RouterTransition;
  boxed: boolean;
  padded: boolean;
  sidebarCollapsed: boolean;
  rtl: boolean;
  footer: boolean;
}

const DEFAULT_SETTINGS: ClientSettings = {
  layout: 'horizontal',
  colorPreset: 'green',
  transition: 'fade-up',
  boxed: true,
  padded: true,
  sidebarCollapsed: true,
  rtl: false,
  footer: true,
};

export const SETTINGS_STORAGE_KEY = 'arbor.settings';

const oneOf =
  <T extends string>(allowed: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (allowed as readonly string[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const validators: { [K in keyof ClientSettings]: (value: unknown) => value is ClientSettings[K] } = {
  layout: oneOf(LAYOUTS),
  colorPreset: oneOf(COLOR_PRESETS),
  transition: oneOf(TRANSITIONS),
  boxed: isBoolean,
  padded: isBoolean,
  sidebarCollapsed: isBoolean,
  rtl: isBoolean,
  footer: isBoolean,
};

/** Stored settings, keeping only valid values so an old or hand-edited entry never breaks the shell. */
function read(): ClientSettings {
  const settings = { ...DEFAULT_SETTINGS };
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY) ?? '{}') as Record<string, unknown>;
    for (const key of Object.keys(validators) as (keyof ClientSettings)[]) {
      if (validators[key](stored[key])) (settings as Record<string, unknown>)[key] = stored[key];
    }
  } catch {
    // unreadable: defaults
  }
  return settings;
}

let current: ClientSettings = typeof localStorage === 'undefined' ? DEFAULT_SETTINGS : read();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

export const settingsStore = {
  get: (): ClientSettings => current,
  update(patch: Partial<ClientSettings>) {
    current = { ...current, ...patch };
    try {
      localStorage.setItem(SETTINGS_STORAGE_KEY, JSON.stringify(current));
    } catch {
      // storage disabled: the change still applies to this visit
    }
    emit();
  },
  reset() {
    settingsStore.update(DEFAULT_SETTINGS);
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};

// Settings changed in another tab apply here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== SETTINGS_STORAGE_KEY) return;
    current = read();
    emit();
  });
}

/** The client settings, live. */
export function useSettings(): ClientSettings {
  return useSyncExternalStore(settingsStore.subscribe, settingsStore.get, settingsStore.get);
}
