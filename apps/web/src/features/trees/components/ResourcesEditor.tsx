import { ActionIcon, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconExternalLink, IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TreeResource } from '../model/tree-document.ts';

const MAX_RESOURCES = 50;

function isHttpUrl(value: string): boolean {
  try {
    const { protocol } = new URL(value);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Learning resources of a node. Rows are edited locally and committed only when every URL is an
 * http(s) URL, so a half-typed link never reaches the document (tree-core would refuse it).
 */
export function ResourcesEditor({
  value,
  onChange,
  readOnly,
}: {
  value: TreeResource[];
  onChange: (next: TreeResource[]) => void;
  readOnly: boolean;
}) {
  const { t } = useTranslation('trees');
  const [rows, setRows] = useState(value);
  useEffect(() => setRows(value), [value]);

  if (readOnly) {
    return value.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('panel.noResources')}
      </Text>
    ) : (
      <Stack gap={4}>
        {value.map((r, i) => (
          <Anchor key={i} href={r.url} target="_blank" rel="noopener nofollow noreferrer" size="sm">
            <IconExternalLink size={14} style={{ verticalAlign: -2, marginInlineEnd: 4 }} />
            {r.title || r.url}
          </Anchor>
        ))}
      </Stack>
    );
  }

  const update = (next: TreeResource[]) => {
    setRows(next);
    if (next.every((r) => isHttpUrl(r.url))) onChange(next);
  };
  return (
    <Stack gap="xs">
      {rows.map((row, i) => (
        <Group key={i} gap={6} wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ flex: 1 }}>
            <TextInput
              size="xs"
              placeholder={t('panel.resourceTitle')}
              aria-label={t('panel.resourceTitle')}
              value={row.title}
              maxLength={200}
              onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, title: e.currentTarget.value } : r)))}
            />
            <TextInput
              size="xs"
              placeholder="https://"
              aria-label={t('panel.resourceUrl')}
              value={row.url}
              error={row.url && !isHttpUrl(row.url) ? t('panel.resourceUrlInvalid') : undefined}
              onChange={(e) => update(rows.map((r, j) => (j === i ? { ...r, url: e.currentTarget.value.trim() } : r)))}
            />
          </Stack>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('panel.removeResource')}
            onClick={() => update(rows.filter((_, j) => j !== i))}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button
        variant="light"
        size="xs"
        leftSection={<IconPlus size={14} />}
        disabled={rows.length >= MAX_RESOURCES}
        onClick={() => setRows([...rows, { title: '', url: '' }])}
        style={{ alignSelf: 'flex-start' }}
      >
        {t('panel.addResource')}
      </Button>
    </Stack>
  );
}
