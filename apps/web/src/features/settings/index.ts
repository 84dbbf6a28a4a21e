// The settings feature's public surface: the client settings store app/ reads, and the settings page.
export { settingsStore, useSettings, type ColorPreset, type LayoutName } from './settings-store.ts';
export { SettingsPanel } from './components/SettingsPanel.tsx';
