import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp, IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TreeVersion } from '../trees/index.ts';
import classes from './Versions.module.css';

interface VersionListProps {
  versions: TreeVersion[];
  selectedId: number | null;
  onView: (id: number) => void;
  /** absent when the server's policy does not let this user manage versions */
  onRollback?: (version: TreeVersion) => void;
}

/** Versions newest first: view one, or roll the working copy back to it. */
export function VersionList({ versions, selectedId, onView, onRollback }: VersionListProps) {
  const { t, i18n } = useTranslation('trees');
  const latest = versions[0]?.id;
  return (
    <Stack gap="xs" data-testid="version-list">
      {versions.map((v) => (
        <Paper
          key={v.id}
          withBorder
          radius="md"
          p="sm"
          className={classes.item}
          data-active={v.id === selectedId || undefined}
          data-testid="version-item"
        >
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              {/* Never squeezed by a long message: "v12", not "V." (issue 27). */}
              <Badge
                variant={v.id === latest ? 'filled' : 'light'}
                radius="sm"
                style={{ flexShrink: 0 }}
                data-testid="version-number"
              >
                v{v.number}
              </Badge>
              <Text size="sm" fw={600} truncate>
                {v.message || t('versions.noMessage')}
              </Text>
            </Group>
          </Group>
          <Text size="xs" c="dimmed" mt={4}>
            {new Date(v.created_at).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
            {t('list.nodes', { count: v.node_count })}
          </Text>
          <Group gap={6} mt="xs">
            <Button
              size="compact-xs"
              variant={v.id === selectedId ? 'filled' : 'light'}
              leftSection={<IconEye size={14} />}
              onClick={() => onView(v.id)}
            >
              {t('versions.view')}
            </Button>
            {v.id === latest ? (
              <Badge size="sm" variant="dot" color="teal">
                {t('versions.latest')}
              </Badge>
            ) : null}
            {/* The latest version too: rolling back to it discards working-copy edits made since. */}
            {onRollback && (
              <Button
                size="compact-xs"
                variant="subtle"
                color="orange"
                leftSection={<IconArrowBackUp size={14} />}
                onClick={() => onRollback(v)}
                data-testid="version-rollback"
              >
                {t('versions.rollback')}
              </Button>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
