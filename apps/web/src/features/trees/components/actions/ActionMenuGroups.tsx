import { Menu } from '@mantine/core';
import { Fragment } from 'react';
import type { PlacedGroup } from '../../state/action-groups.ts';
import type { EditorActionContext } from '../../state/action-types.ts';
import { useActionText } from './action-text.ts';
import { ActionMenuItem } from './ActionMenuItem.tsx';

/** Groups of actions as the items of a `<Menu>`: a divider between groups, a heading over those that have one. */
export function ActionMenuGroups({ groups, ctx }: { groups: readonly PlacedGroup[]; ctx: EditorActionContext }) {
  const text = useActionText();
  return groups.map(({ group, layout, actions }, index) => (
    <Fragment key={group}>
      {index > 0 ? <Menu.Divider /> : null}
      {layout.labelKey ? <Menu.Label>{text(layout.labelKey)}</Menu.Label> : null}
      {actions.map((action) => (
        <ActionMenuItem key={action.id} action={action} ctx={ctx} />
      ))}
    </Fragment>
  ));
}
