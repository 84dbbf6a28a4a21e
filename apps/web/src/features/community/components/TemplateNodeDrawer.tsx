import type { TreeDocument } from '@arbor/tree-core';
import { Anchor, Badge, CloseButton, Drawer, Group, Image, Stack, Text, Title } from '@mantine/core';
import { IconClock, IconExternalLink } from '@tabler/icons-react';
import { useId, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MarkdownPreview } from '../../trees/index.ts';
import classes from './TemplateDetail.module.css';

type TemplateNode = TreeDocument['nodes'][number];

interface TemplateNodeDrawerProps {
  node: TemplateNode;
  /** a bottom drawer over the page (phones) instead of a panel over the canvas's right */
  phone: boolean;
  onClose: () => void;
  /** the node's image, when its URL is known */
  imageUrl?: string;
}

/** What a reader judges a node by: summary, time, content (sanitised Markdown), resources, image. */
function NodeDetails({ node, imageUrl }: { node: TemplateNode; imageUrl?: string }) {
  const { t } = useTranslation('community');
  return (
    <Stack gap="md">
      {node.summary ? <Text size="sm">{node.summary}</Text> : null}
      {node.estimate_minutes ? (
        <Group gap={6}>
          <Badge variant="light" color="gray" tt="none" leftSection={<IconClock size={12} aria-hidden />}>
            {t('nodeDrawer.estimate', { minutes: node.estimate_minutes })}
          </Badge>
        </Group>
      ) : null}
      {imageUrl ? (
        <Image
          src={imageUrl}
          alt={t('nodeDrawer.imageAlt', { title: node.title })}
          radius="md"
          mah={220}
          fit="contain"
        />
      ) : null}
      <section aria-label={t('nodeDrawer.content')}>
        <Text fw={700} size="sm" mb={4}>
          {t('nodeDrawer.content')}
        </Text>
        {node.content ? (
          <MarkdownPreview source={node.content} />
        ) : (
          <Text size="sm" c="dimmed">
            {t('nodeDrawer.noContent')}
          </Text>
        )}
      </section>
      {node.resources.length > 0 ? (
        <section aria-label={t('nodeDrawer.resources')}>
          <Text fw={700} size="sm" mb={4}>
            {t('nodeDrawer.resources')}
          </Text>
          <Stack gap={4} component="ul" className={classes.resources}>
            {node.resources.map((resource, i) => (
              <li key={`${resource.url}-${i}`}>
                <Anchor
                  href={resource.url}
                  target="_blank"
                  rel="noopener nofollow noreferrer"
                  size="sm"
                  className={classes.resource}
                >
                  <IconExternalLink size={14} aria-hidden />
                  {resource.title || resource.url}
                </Anchor>
              </li>
            ))}
          </Stack>
        </section>
      ) : null}
    </Stack>
  );
}

/**
 * A template node's content, read-only: over the canvas's right edge on wide screens (not modal, so
 * the canvas and learning mode's details under it stay usable), a bottom drawer on phones.
 */
export function TemplateNodeDrawer({ node, phone, onClose, imageUrl }: TemplateNodeDrawerProps) {
  const { t } = useTranslation('community');
  const headingId = useId();
  if (phone) {
    return (
      <Drawer.Root opened onClose={onClose} position="bottom" size="75%">
        <Drawer.Overlay />
        {/* Mantine names the drawer by its title itself: an id of ours on the title would leave
            aria-labelledby pointing at nothing, and the dialog without a name. */}
        <Drawer.Content data-testid="template-node-drawer">
          <Drawer.Header>
            <Drawer.Title fw={700}>{node.title}</Drawer.Title>
            <Drawer.CloseButton aria-label={t('nodeDrawer.close')} />
          </Drawer.Header>
          <Drawer.Body>
            <NodeDetails node={node} imageUrl={imageUrl} />
          </Drawer.Body>
        </Drawer.Content>
      </Drawer.Root>
    );
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  return (
    <section
      role="dialog"
      aria-labelledby={headingId}
      className={classes.nodeDrawer}
      data-testid="template-node-drawer"
      onKeyDown={onKeyDown}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs" className={classes.nodeDrawerHeader}>
        <Title order={3} fz="h5" id={headingId} lineClamp={2}>
          {node.title}
        </Title>
        <CloseButton onClick={onClose} aria-label={t('nodeDrawer.close')} data-testid="template-node-close" />
      </Group>
      <div className={classes.nodeDrawerBody}>
        <NodeDetails node={node} imageUrl={imageUrl} />
      </div>
    </section>
  );
}
