import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { Link } from 'react-router';
import type { EditorAction, EditorActionContext } from '../../state/action-types.ts';
import classes from '../TreeEditor.module.css';
import { labelWithKey, useActionText } from './action-text.ts';
import { useBoundAction } from './use-bound-action.ts';

/** One action on the toolbar, drawn as its `look` says: an icon (named by its label), a button or a toggle. */
export function ActionButton({ action, ctx }: { action: EditorAction; ctx: EditorActionContext }) {
  const text = useActionText();
  const bound = useBoundAction(action, ctx);
  if (bound.hidden) return null;
  const label = text(action.labelKey);
  const Icon = action.icon;
  const href = bound.href;
  const link = href
    ? { renderRoot: (props: Record<string, unknown>) => <Link to={href} {...props} /> }
    : { onClick: bound.run };
  const common = { ...link, disabled: !bound.enabled, 'data-testid': action.testIds?.bar };
  const look = action.look ?? 'icon';
  if (look === 'icon')
    return (
      <Tooltip label={bound.tooltip ?? labelWithKey(label, action)} multiline maw={260}>
        <ActionIcon
          {...common}
          variant={action.color ? 'light' : 'default'}
          color={action.color}
          size="lg"
          aria-label={label}
          aria-pressed={bound.active}
        >
          {Icon ? <Icon size={18} aria-hidden /> : null}
        </ActionIcon>
      </Tooltip>
    );
  const icon = Icon ? <Icon size={look === 'text' || look === 'primary' ? 16 : 14} aria-hidden /> : undefined;
  if (look === 'text')
    // Its words where the toolbar has room, its icon (named by aria-label and title) below (issue 27).
    return (
      <Button
        {...common}
        variant="default"
        size="sm"
        leftSection={icon}
        className={classes.narrowIcon}
        aria-label={label}
        title={label}
      >
        <span className={classes.wideLabel}>{label}</span>
      </Button>
    );
  const button = (
    <Button
      {...common}
      size={look === 'primary' ? 'sm' : 'xs'}
      variant={look === 'primary' || (look === 'toggle' && bound.active) ? 'filled' : 'light'}
      color={action.color}
      leftSection={icon}
      aria-pressed={look === 'toggle' ? Boolean(bound.active) : undefined}
    >
      {label}
    </Button>
  );
  return bound.tooltip ? (
    <Tooltip label={bound.tooltip} multiline maw={260}>
      {button}
    </Tooltip>
  ) : (
    button
  );
}
