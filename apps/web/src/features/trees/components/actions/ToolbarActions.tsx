import { ActionIcon, Button, Menu, SegmentedControl, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconDownload, IconLockOpen } from '@tabler/icons-react';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTION_GROUPS, type PlacedGroup, type ToolbarMenu } from '../../state/action-groups.ts';
import type { ActionGroup, EditorActionContext } from '../../state/action-types.ts';
import { isActionEnabled } from '../../state/action-state.ts';
import classes from '../TreeEditor.module.css';
import { useActionText } from './action-text.ts';
import { ActionButton } from './ActionButton.tsx';
import { ActionMenuGroups } from './ActionMenuGroups.tsx';
import { useClosingMenu } from './closing-menu.ts';

interface ToolbarActionsProps {
  groups: readonly PlacedGroup[];
  ctx: EditorActionContext;
  /** the node search field, drawn before the view group */
  search: ReactNode;
  /** extensions' statuses (learning progress), drawn after the learning group */
  status: ReactNode;
  /** the document menu's spinner (an image export under way) */
  busy: boolean;
  /** a new value closes the dropdowns (a file chosen for import opens its preview alone) */
  closeSignal: number;
}

const rank = (group: ActionGroup) => ACTION_GROUPS.findIndex(([g]) => g === group);

/** The toolbar's actions from the registry: buttons, the layout's segmented choice, the document and settings menus. */
export function ToolbarActions({ groups, ctx, search, status, busy, closeSignal }: ToolbarActionsProps) {
  const drawnMenus = new Set<ToolbarMenu>();
  const parts: ReactNode[] = [];
  let searchDrawn = false;
  let statusDrawn = false;
  for (const placed of groups) {
    if (!searchDrawn && rank(placed.group) >= rank('view')) {
      parts.push(<Fragment key="search">{search}</Fragment>);
      searchDrawn = true;
    }
    const { wide } = placed.layout;
    if (wide === 'buttons')
      parts.push(...placed.actions.map((action) => <ActionButton key={action.id} action={action} ctx={ctx} />));
    else if (wide === 'segmented') parts.push(<SegmentedGroup key={placed.group} placed={placed} ctx={ctx} />);
    else if (!drawnMenus.has(wide)) {
      drawnMenus.add(wide);
      const inMenu = groups.filter((g) => g.layout.wide === wide);
      parts.push(
        <ToolbarDropdown key={wide} menu={wide} groups={inMenu} ctx={ctx} busy={busy} closeSignal={closeSignal} />,
      );
    }
    if (placed.group === 'learning') {
      parts.push(<Fragment key="status">{status}</Fragment>);
      statusDrawn = true;
    }
  }
  if (!searchDrawn) parts.push(<Fragment key="search">{search}</Fragment>);
  if (!statusDrawn) parts.push(<Fragment key="status">{status}</Fragment>);
  return parts;
}

/** A group of choices (the layout direction) as one segmented control of icons. */
function SegmentedGroup({ placed, ctx }: { placed: PlacedGroup; ctx: EditorActionContext }) {
  const text = useActionText();
  const byId = new Map(placed.actions.map((action) => [action.id, action]));
  const value = placed.actions.find((action) => action.active?.(ctx))?.id ?? '';
  return (
    <SegmentedControl
      size="xs"
      value={value}
      aria-label={placed.layout.labelKey ? text(placed.layout.labelKey) : undefined}
      onChange={(id) => byId.get(id)?.run(ctx.atPress())}
      data={placed.actions.map((action) => {
        const Icon = action.icon;
        const label = text(action.labelKey);
        return {
          value: action.id,
          disabled: !isActionEnabled(action, ctx),
          label: (
            <Tooltip label={label}>
              <span className={classes.segment}>
                {Icon ? <Icon size={16} aria-hidden /> : null}
                <VisuallyHidden>{label}</VisuallyHidden>
              </span>
            </Tooltip>
          ),
        };
      })}
    />
  );
}

/** A dropdown of the toolbar gathering groups: "Export / import" or the tree's settings. */
function ToolbarDropdown({
  menu,
  groups,
  ctx,
  busy,
  closeSignal,
}: {
  menu: ToolbarMenu;
  groups: readonly PlacedGroup[];
  ctx: EditorActionContext;
  busy: boolean;
  closeSignal: number;
}) {
  const { t } = useTranslation(['trees', 'learning']);
  const [opened, setOpened] = useClosingMenu(closeSignal);
  const target =
    menu === 'document' ? (
      <Button
        variant="default"
        size="sm"
        leftSection={<IconDownload size={16} />}
        loading={busy}
        className={classes.narrowIcon}
        aria-label={t('trees:io.menu')}
        title={t('trees:io.menu')}
        data-testid="document-menu"
      >
        <span className={classes.wideLabel}>{t('trees:io.menu')}</span>
      </Button>
    ) : (
      <Tooltip label={t('learning:editor.settings')}>
        <ActionIcon variant="default" size="lg" aria-label={t('learning:editor.settings')} data-testid="tree-settings">
          <IconLockOpen size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    );
  return (
    <Menu
      position="bottom-end"
      shadow="md"
      width={menu === 'document' ? 220 : 280}
      withinPortal
      opened={opened}
      onChange={setOpened}
    >
      <Menu.Target>{target}</Menu.Target>
      <Menu.Dropdown>
        <ActionMenuGroups groups={groups} ctx={ctx} />
      </Menu.Dropdown>
    </Menu>
  );
}
