import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PlacedGroup } from '../state/action-groups.ts';
import type { EditorActionContext } from '../state/action-types.ts';
import { ActionMenuGroups } from './actions/ActionMenuGroups.tsx';
import { useClosingMenu } from './actions/closing-menu.ts';

interface MenuProps {
  groups: readonly PlacedGroup[];
  ctx: EditorActionContext;
  /** a new value closes the menu (a file chosen for import opens its preview alone) */
  closeSignal: number;
}

/**
 * A phone's "more" menu: the registry's actions that a wide toolbar shows and a phone's width does
 * not hold, reachable by touch and keyboard (arrow keys, Enter, Escape). Their dialogs open in the
 * editor (`EditorChrome.openDialog`), so the menu may close and unmount its items.
 */
export function EditorMoreMenu({ groups, ctx, closeSignal }: MenuProps) {
  const { t } = useTranslation('trees');
  const label = t('toolbar.more');
  const [opened, setOpened] = useClosingMenu(closeSignal);
  return (
    <Menu position="bottom-end" shadow="md" width={260} withinPortal opened={opened} onChange={setOpened}>
      <Menu.Target>
        <Tooltip label={label}>
          <ActionIcon variant="default" size="lg" aria-label={label} data-testid="toolbar-more">
            <IconDots size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown mah="calc(100dvh - 140px)" style={{ overflowY: 'auto' }} data-testid="toolbar-more-menu">
        <ActionMenuGroups groups={groups} ctx={ctx} />
      </Menu.Dropdown>
    </Menu>
  );
}
