import { beforeEach, describe, expect, it, vi } from 'vitest';

describe('client settings', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.resetModules();
  });

  it('defaults to the horizontal layout, green, fade-up, boxed, padded, collapsed sidebar, LTR, footer on', async () => {
    const { settingsStore } = await import('./settings-store.ts');
    expect(settingsStore.get()).toEqual({
      layout: 'horizontal',
      colorPreset: 'green',
      transition: 'fade-up',
      boxed: true,
      padded: true,
      sidebarCollapsed: true,
      rtl: false,
      footer: true,
    });
  });

  it('persists changes and ignores invalid stored values', async () => {
    const { settingsStore, SETTINGS_STORAGE_KEY } = await import('./settings-store.ts');
    settingsStore.update({ layout: 'vertical', rtl: true });
    expect(JSON.parse(localStorage.getItem(SETTINGS_STORAGE_KEY)!)).toMatchObject({ layout: 'vertical', rtl: true });

    localStorage.setItem(
      SETTINGS_STORAGE_KEY,
      JSON.stringify({ layout: 'diagonal', footer: 'yes', colorPreset: 'blue' }),
    );
    vi.resetModules();
    const fresh = await import('./settings-store.ts');
    expect(fresh.settingsStore.get()).toMatchObject({ layout: 'horizontal', footer: true, colorPreset: 'blue' });
  });
});
