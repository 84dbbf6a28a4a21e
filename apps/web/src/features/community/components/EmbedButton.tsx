import { ActionIcon, Button, CopyButton, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconCheck, IconCode, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HintTooltip } from '../../shell/index.ts';

/** Default size of the iframe: the one the server's oEmbed answer gives (`EMBED_SIZE` of the contract). */
const SIZE = { width: 800, height: 600 } as const;

const escapeAttribute = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch] ?? ch);

/** The iframe of a template's embed page, as other sites paste it (the same markup oEmbed answers). */
export function embedSnippet(origin: string, uuid: string, title: string): string {
  const src = `${origin}/embed/community/${encodeURIComponent(uuid)}`;
  return (
    `<iframe src="${escapeAttribute(src)}" width="${SIZE.width}" height="${SIZE.height}" title="${escapeAttribute(title)}"` +
    ` style="border:0" loading="lazy" allowfullscreen></iframe>`
  );
}

/** "Embed": a dialog with the template's iframe snippet and a copy button (UI.md "Open formats"). */
export function EmbedButton({ uuid, title }: { uuid: string; title: string }) {
  const { t } = useTranslation('reviews');
  const [opened, setOpened] = useState(false);
  // The dialog mounts at its first opening: a closed one still mounts its portal, which re-renders at once in a
  // synchronous update, the page's first commit among them.
  const [used, setUsed] = useState(false);
  // Only while the dialog is open: the server draws this button without a window (server-render.tsx).
  const snippet = opened ? embedSnippet(window.location.origin, uuid, title) : '';
  const label = t('embed.action');
  return (
    <>
      <HintTooltip label={label} withArrow>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={label}
          onClick={() => {
            setUsed(true);
            setOpened(true);
          }}
          data-testid="embed-open"
        >
          <IconCode size={16} aria-hidden />
        </ActionIcon>
      </HintTooltip>
      {used && (
        <Modal
          opened={opened}
          onClose={() => setOpened(false)}
          title={t('embed.title')}
          centered
          size="lg"
          closeButtonProps={{ 'aria-label': t('embed.close') }}
        >
          <Stack>
            <Text size="sm">{t('embed.hint')}</Text>
            <Textarea
              label={t('embed.snippet')}
              value={snippet}
              readOnly
              autosize
              minRows={3}
              ff="monospace"
              onFocus={(event) => event.currentTarget.select()}
              data-autofocus
              data-testid="embed-snippet"
            />
            <Group justify="flex-end">
              <CopyButton value={snippet} timeout={2000}>
                {({ copied, copy }) => (
                  <Button
                    onClick={copy}
                    color={copied ? 'teal' : undefined}
                    leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                    data-testid="embed-copy"
                  >
                    {copied ? t('embed.copied') : t('embed.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              {t('embed.oembed')}
            </Text>
          </Stack>
        </Modal>
      )}
    </>
  );
}
