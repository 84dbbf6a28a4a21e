import {
  Button,
  Card,
  CheckIcon,
  ColorSwatch,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Title,
  useMantineColorScheme,
  useMantineTheme,
  type MantineColorScheme,
} from '@mantine/core';
import type { ReactNode } from 'react';
import type { ParseKeys } from 'i18next';
import { useTranslation } from 'react-i18next';
import { LOCALES, currentLocale, isLocale, setLocale } from '../../../lib/i18n.ts';
import {
  COLOR_PRESETS,
  LAYOUTS,
  TRANSITIONS,
  settingsStore,
  useSettings,
  type ClientSettings,
} from '../settings-store.ts';

/** One labelled row: the label and hint on the start side, the control on the end side. */
function SettingRow({ label, hint, children, id }: { label: string; hint?: string; children: ReactNode; id: string }) {
  return (
    <Group justify="space-between" align="center" gap="md" wrap="wrap" py={6}>
      <Stack gap={2} style={{ flex: '1 1 220px' }}>
        <Text fw={500} id={id}>
          {label}
        </Text>
        {hint ? (
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Stack>
      {children}
    </Group>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="lg" component="section">
      <Title order={2} fz="h4" mb="sm">
        {title}
      </Title>
      <Stack gap="xs">{children}</Stack>
    </Card>
  );
}

const BOOLEAN_SETTINGS = [
  'boxed',
  'padded',
  'sidebarCollapsed',
  'rtl',
  'footer',
] as const satisfies readonly (keyof ClientSettings)[];

type OptionKey = Extract<ParseKeys<'settings'>, `${string}.options.${string}`>;

function ColorPresetPicker() {
  const { t } = useTranslation('settings');
  const theme = useMantineTheme();
  const { colorPreset } = useSettings();
  return (
    <Group gap="xs" role="radiogroup" aria-labelledby="setting-colorPreset">
      {COLOR_PRESETS.map((preset) => (
        <ColorSwatch
          key={preset}
          component="button"
          type="button"
          role="radio"
          aria-checked={colorPreset === preset}
          aria-label={t(`colorPreset.options.${preset}`)}
          title={t(`colorPreset.options.${preset}`)}
          color={theme.colors[preset]?.[7] ?? preset}
          size={32}
          onClick={() => settingsStore.update({ colorPreset: preset })}
          style={{ color: '#fff', cursor: 'pointer' }}
        >
          {colorPreset === preset ? <CheckIcon size={12} /> : null}
        </ColorSwatch>
      ))}
    </Group>
  );
}

/** Every client setting of SPEC §3, applied live and remembered in this browser. */
export function SettingsPanel() {
  const { t, i18n } = useTranslation(['settings', 'shell', 'common']);
  const settings = useSettings();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  // built at run time from the setting and its values, each of which has an `options` entry
  const segment = <T extends string>(key: 'theme' | 'layout' | 'transition', values: readonly T[]) =>
    values.map((value) => ({ value, label: t(`${key}.options.${value}` as OptionKey) }));

  return (
    <Stack gap="lg" maw={880}>
      <Section title={t('sections.appearance')}>
        <SettingRow id="setting-theme" label={t('theme.label')} hint={t('theme.hint')}>
          <SegmentedControl
            aria-labelledby="setting-theme"
            value={colorScheme}
            onChange={(value) => setColorScheme(value as MantineColorScheme)}
            data={segment('theme', ['light', 'dark', 'auto'] as const)}
          />
        </SettingRow>
        <SettingRow id="setting-colorPreset" label={t('colorPreset.label')} hint={t('colorPreset.hint')}>
          <ColorPresetPicker />
        </SettingRow>
        <SettingRow id="setting-language" label={t('language.label')} hint={t('language.hint')}>
          <Select
            aria-labelledby="setting-language"
            value={currentLocale()}
            key={i18n.language}
            onChange={(value) => isLocale(value) && setLocale(value)}
            data={LOCALES.map((locale) => ({ value: locale, label: t(`shell:language.names.${locale}`) }))}
            allowDeselect={false}
            w={200}
            comboboxProps={{ zIndex: 2000 }}
            data-testid="settings-language"
          />
        </SettingRow>
      </Section>

      <Section title={t('sections.layout')}>
        <SettingRow id="setting-layout" label={t('layout.label')} hint={t('layout.hint')}>
          <SegmentedControl
            aria-labelledby="setting-layout"
            value={settings.layout}
            onChange={(value) => settingsStore.update({ layout: value as ClientSettings['layout'] })}
            data={segment('layout', LAYOUTS)}
            data-testid="settings-layout"
          />
        </SettingRow>
        <SettingRow id="setting-transition" label={t('transition.label')} hint={t('transition.hint')}>
          <Select
            aria-labelledby="setting-transition"
            value={settings.transition}
            onChange={(value) => value && settingsStore.update({ transition: value as ClientSettings['transition'] })}
            data={segment('transition', TRANSITIONS)}
            allowDeselect={false}
            w={200}
            comboboxProps={{ zIndex: 2000 }}
          />
        </SettingRow>
        {BOOLEAN_SETTINGS.map((key) => (
          <SettingRow key={key} id={`setting-${key}`} label={t(`${key}.label`)} hint={t(`${key}.hint`)}>
            <Switch
              aria-labelledby={`setting-${key}`}
              checked={settings[key]}
              onChange={(event) => settingsStore.update({ [key]: event.currentTarget.checked })}
              size="md"
            />
          </SettingRow>
        ))}
      </Section>

      <Group justify="flex-end">
        <Button
          variant="default"
          onClick={() => {
            settingsStore.reset();
            setColorScheme('auto');
          }}
        >
          {t('common:reset')}
        </Button>
      </Group>
    </Stack>
  );
}
