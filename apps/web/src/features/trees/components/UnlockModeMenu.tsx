import { ActionIcon, Menu, Text, Tooltip } from '@mantine/core';
import type { UnlockMode } from '@arbor/tree-core';
import { IconCheck, IconLockOpen } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const MODES: readonly UnlockMode[] = ['links', 'parent'];

/** The unlock-mode items of a `<Menu>` (the settings menu, the phone toolbar's "more" menu). */
export function UnlockModeItems({ value, onChange }: { value: UnlockMode; onChange: (mode: UnlockMode) => void }) {
  const { t } = useTranslation('learning');
  return (
    <>
      <Menu.Label>{t('editor.unlock')}</Menu.Label>
      {MODES.map((mode) => (
        <Menu.Item
          key={mode}
          role="menuitemradio"
          aria-checked={value === mode}
          data-testid={`unlock-${mode}`}
          leftSection={
            <IconCheck size={16} aria-hidden style={{ visibility: value === mode ? 'visible' : 'hidden' }} />
          }
          onClick={() => onChange(mode)}
        >
          <Text size="sm">{mode === 'links' ? t('editor.unlockLinks') : t('editor.unlockParent')}</Text>
          <Text size="xs" c="dimmed">
            {mode === 'links' ? t('editor.unlockLinksHint') : t('editor.unlockParentHint')}
          </Text>
        </Menu.Item>
      ))}
    </>
  );
}

/** The tree's settings in the toolbar: its unlock mode (what a node waits for before learners may start it). */
export function UnlockModeMenu({ value, onChange }: { value: UnlockMode; onChange: (mode: UnlockMode) => void }) {
  const { t } = useTranslation('learning');
  const label = t('editor.settings');
  return (
    <Menu position="bottom-end" shadow="md" width={280} withinPortal>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} data-testid="tree-settings">
            <IconLockOpen size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <UnlockModeItems value={value} onChange={onChange} />
      </Menu.Dropdown>
    </Menu>
  );
}
