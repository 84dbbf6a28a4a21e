import { Menu } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorExtensionContext } from '../../trees/index.ts';
import { ShareDialog } from './ShareDialog.tsx';
import { TemplateLink } from './TemplateLink.tsx';

/**
 * "Share" in the editor's "more" menu on a phone: saves pending edits first, then shares the
 * snapshot with a cover drawn from it. The menu stays mounted while closed, so the dialog outlives the menu closing.
 */
export function ShareEditorMenuItem({ ctx }: { ctx: EditorExtensionContext }) {
  const { t } = useTranslation('community');
  const [open, setOpen] = useState(false);
  // The menu's button: the item is hidden once the menu closes, so the focus goes back there.
  const returnTo = useRef<HTMLElement | null>(null);
  if (!ctx.tree.abilities.share) return null;
  const onClick = async (event: MouseEvent<HTMLElement>) => {
    const targetId = event.currentTarget.closest('[data-menu-dropdown]')?.getAttribute('aria-labelledby');
    returnTo.current = targetId ? document.getElementById(targetId) : null;
    await ctx.flushSave();
    // The dialog gives the focus back to what had it when it opened: the button, not the hidden item.
    returnTo.current?.focus();
    setOpen(true);
  };
  const onClose = () => {
    setOpen(false);
    returnTo.current?.focus();
  };
  return (
    <>
      <TemplateLink treeId={ctx.tree.id} variant="menu" />
      <Menu.Item leftSection={<IconShare size={16} aria-hidden />} data-testid="more-share" onClick={onClick}>
        {t('share.action')}
      </Menu.Item>
      {open && (
        <ShareDialog
          opened={open}
          onClose={onClose}
          tree={{ id: ctx.tree.id, title: ctx.tree.title, description: ctx.tree.description, tags: ctx.tree.tags }}
          coverSource={() => Promise.resolve(ctx.doc)}
        />
      )}
    </>
  );
}
