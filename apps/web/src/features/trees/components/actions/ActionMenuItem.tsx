import { Menu, Text } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { EditorAction, EditorActionContext } from '../../state/action-types.ts';
import { useActionText } from './action-text.ts';
import { useBoundAction } from './use-bound-action.ts';

/** One action as a `<Menu.Item>`: a choice (with `active`) is a radio item with a check mark. */
export function ActionMenuItem({ action, ctx }: { action: EditorAction; ctx: EditorActionContext }) {
  const text = useActionText();
  const bound = useBoundAction(action, ctx);
  if (bound.hidden) return null;
  const Icon = action.icon;
  const choice = action.active !== undefined;
  const leftSection = choice ? (
    <IconCheck size={16} aria-hidden style={{ visibility: bound.active ? 'visible' : 'hidden' }} />
  ) : Icon ? (
    <Icon size={16} aria-hidden />
  ) : undefined;
  const href = bound.href;
  const link = href
    ? { renderRoot: (props: Record<string, unknown>) => <Link to={href} {...props} /> }
    : { onClick: bound.run };
  return (
    <Menu.Item
      {...link}
      role={choice ? 'menuitemradio' : undefined}
      aria-checked={choice ? Boolean(bound.active) : undefined}
      disabled={!bound.enabled}
      leftSection={leftSection}
      data-testid={action.testIds?.menu}
    >
      {action.descriptionKey ? (
        <>
          <Text size="sm">{text(action.labelKey)}</Text>
          <Text size="xs" c="dimmed">
            {text(action.descriptionKey)}
          </Text>
        </>
      ) : (
        text(action.labelKey)
      )}
    </Menu.Item>
  );
}
