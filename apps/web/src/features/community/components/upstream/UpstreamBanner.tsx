import type { TreeUpstream } from '@arbor/contract';
import { Button, CloseButton, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadNamespaces } from '../../../../lib/i18n.ts';
import type { EditorExtensionContext } from '../../../trees/index.ts';
import { useUpstreamPreview } from '../../api/upstream.ts';
import { dismiss, isDismissed, updateCount } from './upstream-banner.ts';
import { UpstreamDialog } from './UpstreamDialog.tsx';
import classes from './upstream.module.css';

// This chunk renders in the editor, whose route does not load the `reviews` namespace.
await loadNamespaces(['reviews']);

interface UpstreamBannerProps {
  ctx: EditorExtensionContext;
  /** the fork's template, behind and available (the registration checks both) */
  upstream: TreeUpstream;
}

/**
 * "The template has N updates" above the editor's canvas of a fork whose template has a newer
 * revision, with "Review update" (the merge dialog) and a way to put it off for the session. N comes
 * from the preview, fetched when the banner first shows; nothing shows until it has arrived, or when
 * it fails (the template was withdrawn meanwhile).
 */
export function UpstreamBanner({ ctx, upstream }: UpstreamBannerProps) {
  const { t } = useTranslation('reviews');
  const treeId = ctx.tree.id;
  const preview = useUpstreamPreview(treeId, upstream.latest_revision);
  const [dismissed, setDismissed] = useState(() => isDismissed(treeId, upstream.latest_revision));
  const [reviewing, setReviewing] = useState(false);
  if (!preview.data || (dismissed && !reviewing)) return null;
  const count = updateCount(preview.data.upstream_changes);
  return (
    <>
      <section className={classes.banner} aria-label={t('upstream.bannerLabel')} data-testid="upstream-banner">
        <Group gap="xs" wrap="nowrap" className={classes.message}>
          <IconRefresh size={18} aria-hidden className={classes.icon} />
          <Text size="sm" fw={500} lineClamp={2}>
            {t('upstream.banner', { count, title: upstream.title })}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <Button size="xs" onClick={() => setReviewing(true)}>
            {t('upstream.review')}
          </Button>
          <CloseButton
            size="sm"
            aria-label={t('upstream.dismiss')}
            onClick={() => {
              dismiss(treeId, upstream.latest_revision);
              setDismissed(true);
            }}
          />
        </Group>
      </section>
      {reviewing ? <UpstreamDialog ctx={ctx} upstream={upstream} onClose={() => setReviewing(false)} /> : null}
    </>
  );
}
