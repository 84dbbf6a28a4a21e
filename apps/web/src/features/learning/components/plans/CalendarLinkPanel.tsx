import { Alert, Anchor, Button, CopyButton, Group, Skeleton, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconCheck, IconCopy, IconLock, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../../lib/api-client.ts';
import { useCalendarLink, useRotateCalendarLink, webcalUrl } from '../../api/useCalendar.ts';

/**
 * "Add to calendar": the private ICS feed's URL to copy (or open with webcal://), a warning that
 * whoever has it sees the plan, and "Rotate link" (after a confirmation) when it has leaked.
 */
export function CalendarLinkPanel() {
  const { t } = useTranslation('plans');
  const link = useCalendarLink();
  const rotate = useRotateCalendarLink();
  const reason = (error: unknown) => (error instanceof ApiError ? error.message : String(error));
  const confirmRotate = () =>
    modals.openConfirmModal({
      title: t('calendar.rotateTitle'),
      children: <Text size="sm">{t('calendar.rotateBody')}</Text>,
      labels: { confirm: t('calendar.rotateConfirm'), cancel: t('calendar.cancel') },
      confirmProps: { color: 'red', 'data-testid': 'calendar-rotate-confirm' } as Record<string, unknown>,
      zIndex: 1000,
      onConfirm: () =>
        rotate.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('calendar.rotated') }),
          onError: (error) => notifications.show({ color: 'red', message: reason(error) }),
        }),
    });
  if (link.isPending) return <Skeleton h={120} radius="md" />;
  if (link.isError)
    return (
      <Alert color="red" role="alert">
        {t('calendar.loadFailed', { reason: reason(link.error) })}
      </Alert>
    );
  const url = link.data.url;
  return (
    <Stack gap="sm" data-testid="calendar-panel">
      <Text size="sm">{t('calendar.intro')}</Text>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={t('calendar.urlLabel')}
          value={url}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="calendar-url"
        />
        <CopyButton value={url} timeout={2000}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('calendar.copied') : t('calendar.copy')} withinPortal>
              <Button
                variant={copied ? 'filled' : 'default'}
                color={copied ? 'teal' : undefined}
                onClick={copy}
                leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                data-testid="calendar-copy"
              >
                {copied ? t('calendar.copied') : t('calendar.copy')}
              </Button>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
      <Alert
        color="yellow"
        variant="light"
        icon={<IconLock size={18} aria-hidden />}
        title={t('calendar.privateTitle')}
      >
        <Text size="sm">{t('calendar.private')}</Text>
      </Alert>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Anchor href={webcalUrl(url)} size="sm" data-testid="calendar-webcal">
          <Group gap={4} wrap="nowrap" component="span">
            <IconCalendarPlus size={16} aria-hidden />
            {t('calendar.webcal')}
          </Group>
        </Anchor>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconRefresh size={14} aria-hidden />}
          loading={rotate.isPending}
          onClick={confirmRotate}
          data-testid="calendar-rotate"
        >
          {t('calendar.rotate')}
        </Button>
      </Group>
    </Stack>
  );
}
