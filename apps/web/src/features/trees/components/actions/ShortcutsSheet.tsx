import { Group, Kbd, Modal, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EditorAction, EditorActionContext } from '../../state/action-types.ts';
import { isActionVisible } from '../../state/action-state.ts';
import { formatChord } from '../../state/chords.ts';
import { useActionText } from './action-text.ts';

interface ShortcutsSheetProps {
  opened: boolean;
  onClose: () => void;
  actions: readonly EditorAction[];
  ctx: EditorActionContext;
}

/** "Keyboard shortcuts" (`?`): every action with keys that works here, from the registry, in the UI language. */
export function ShortcutsSheet({ opened, onClose, actions, ctx }: ShortcutsSheetProps) {
  const { t } = useTranslation('trees');
  const text = useActionText();
  const keyed = actions.filter((action) => action.keys?.length && !action.useBinding && isActionVisible(action, ctx));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('shortcuts.title')}
      size="lg"
      fullScreen={ctx.chrome.isPhone}
      data-testid="shortcuts-sheet"
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('shortcuts.intro')}
      </Text>
      <Table striped verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('shortcuts.action')}</Table.Th>
            <Table.Th>{t('shortcuts.keys')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keyed.map((action) => (
            <Table.Tr key={action.id} data-testid="shortcut-row">
              <Table.Td>{text(action.labelKey)}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="wrap">
                  {action.keys!.map((chord) => (
                    <Kbd key={chord} size="sm">
                      {formatChord(chord)}
                    </Kbd>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  );
}
