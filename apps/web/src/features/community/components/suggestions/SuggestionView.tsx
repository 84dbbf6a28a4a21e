import type { ShareWithData, SuggestionConflict, SuggestionWithData } from '@arbor/contract';
import type { TreeDocument } from '@arbor/tree-core';
import { Alert, Avatar, Button, Card, Group, Modal, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconCheck, IconX } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../lib/DialogActions.tsx';
import { useWorkingCopy } from '../../../trees/index.ts';
import { useRevisionDocument } from '../../api/history.ts';
import {
  conflictsOf,
  useAcceptSuggestion,
  useRejectSuggestion,
  useSuggestion,
  useWithdrawSuggestion,
} from '../../api/suggestions.ts';
import { problemText } from '../../lib/problem.ts';
import { DiffCanvas } from '../compare/DiffCanvas.tsx';
import { ChangeBadges } from '../history/ChangeBadges.tsx';
import { ConflictForm } from '../merge/ConflictForm.tsx';
import { StatusBadge } from './StatusBadge.tsx';
import { mediumDate } from '../../../../lib/medium-date.ts';

const REASON_MAX = 1000;

function RejectDialog({ share, suggestion, onClose }: { share: string; suggestion: number; onClose: () => void }) {
  const { t } = useTranslation('reviews');
  const reject = useRejectSuggestion(share, suggestion);
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const missing = reason.trim().length === 0;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    reject.mutate(reason.trim(), {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: t('suggestions.rejected') });
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('suggestions.rejectTitle')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Textarea
            label={t('suggestions.reasonLabel')}
            description={t('suggestions.reasonHint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={REASON_MAX}
            autosize
            minRows={3}
            required
            error={tried && missing ? t('suggestions.reasonMissing') : undefined}
            data-autofocus
          />
          {reject.isError ? (
            <Alert color="red" role="alert">
              {problemText(reject.error, { network: t('problem.network'), server: t('problem.server') })}
            </Alert>
          ) : null}
          <DialogActions onCancel={onClose} submit={t('suggestions.reject')} loading={reject.isPending} color="red" />
        </Stack>
      </form>
    </Modal>
  );
}

function Decisions({ share, suggestion }: { share: ShareWithData; suggestion: SuggestionWithData }) {
  const { t } = useTranslation('reviews');
  const may = suggestion.abilities;
  const accept = useAcceptSuggestion(share.uuid, suggestion.id);
  const withdraw = useWithdrawSuggestion(share.uuid, suggestion.id);
  const [conflicts, setConflicts] = useState<SuggestionConflict[] | null>(null);
  const [rejecting, setRejecting] = useState(false);
  // "Mine" in a conflict is the source tree as it is now (the accept merges into its working copy),
  // which may have moved on from the template's snapshot.
  const source = useWorkingCopy(may.accept && conflicts ? share.tree : null);
  if (!may.accept && !may.reject && !may.withdraw) return null;

  const doAccept = (resolve?: Record<string, 'mine' | 'theirs'>) =>
    accept.mutate(resolve, {
      onSuccess: () => {
        setConflicts(null);
        notifications.show({ color: 'teal', message: t('suggestions.accepted') });
      },
      onError: (error) => {
        const found = conflictsOf(error);
        if (found) setConflicts(found);
      },
    });
  const confirmWithdraw = () =>
    modals.openConfirmModal({
      title: t('suggestions.withdrawTitle'),
      children: <Text size="sm">{t('suggestions.withdrawBody')}</Text>,
      labels: { confirm: t('suggestions.withdraw'), cancel: t('suggestions.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        withdraw.mutate(undefined, {
          onSuccess: () => notifications.show({ color: 'teal', message: t('suggestions.withdrawn') }),
        }),
    });
  const failure =
    accept.isError && !conflictsOf(accept.error) ? accept.error : withdraw.isError ? withdraw.error : null;

  return (
    <Stack gap="sm">
      <Group gap="xs">
        {may.accept ? (
          <Button
            leftSection={<IconCheck size={16} aria-hidden />}
            color="teal"
            onClick={() => doAccept()}
            loading={accept.isPending && conflicts === null}
          >
            {t('suggestions.accept')}
          </Button>
        ) : null}
        {may.reject ? (
          <Button
            leftSection={<IconX size={16} aria-hidden />}
            variant="default"
            color="red"
            onClick={() => setRejecting(true)}
          >
            {t('suggestions.reject')}
          </Button>
        ) : null}
        {may.withdraw ? (
          <Button variant="default" color="red" onClick={confirmWithdraw} loading={withdraw.isPending}>
            {t('suggestions.withdraw')}
          </Button>
        ) : null}
      </Group>
      {failure ? (
        <Alert color="red" role="alert">
          {problemText(failure, { network: t('problem.network'), server: t('problem.server') })}
        </Alert>
      ) : null}
      {may.accept && conflicts ? (
        <ConflictForm
          key={conflicts.map((c) => c.node_id).join()}
          conflicts={conflicts}
          labels={{
            title: t('suggestions.conflicts.title'),
            intro: t('suggestions.conflicts.intro'),
            mine: t('suggestions.conflicts.mine'),
            theirs: t('suggestions.conflicts.theirs'),
            submit: t('suggestions.conflicts.submit'),
          }}
          // my source tree as it is now against the proposal (documents are untyped in the contract)
          mine={source.data?.data as TreeDocument | undefined}
          theirs={suggestion.data as TreeDocument}
          pending={accept.isPending}
          onSubmit={doAccept}
        />
      ) : null}
      {rejecting ? (
        <RejectDialog share={share.uuid} suggestion={suggestion.id} onClose={() => setRejecting(false)} />
      ) : null}
    </Stack>
  );
}

interface SuggestionViewProps {
  share: ShareWithData;
  id: string;
  suggestionId: number;
  onBack: () => void;
}

/** One suggestion: what it proposes drawn against its base revision, its status and reason, and the decisions open to me. */
export function SuggestionView({ share, id, suggestionId, onBack }: SuggestionViewProps) {
  const { t, i18n } = useTranslation('reviews');
  const query = useSuggestion(suggestionId);
  const suggestion = query.data;
  const base = useRevisionDocument(id, suggestion?.base_revision ?? null);
  const format = (iso: string) => mediumDate(iso, i18n.language);
  const back = (
    <Button variant="subtle" leftSection={<IconArrowLeft size={16} aria-hidden />} onClick={onBack} w="fit-content">
      {t('suggestions.back')}
    </Button>
  );
  if (query.isPending) {
    return (
      <Stack>
        {back}
        <Skeleton h={320} radius="md" />
      </Stack>
    );
  }
  if (!suggestion) {
    return (
      <Stack>
        {back}
        <Alert color="red" role="alert">
          {t('suggestions.loadError')}
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack gap="md" data-testid="suggestion-view">
      {back}
      <Card withBorder padding="md" radius="md">
        <Stack gap="xs">
          <Group justify="space-between" align="flex-start" wrap="nowrap">
            <Title order={2} fz="h4" style={{ overflowWrap: 'anywhere' }}>
              {suggestion.title}
            </Title>
            <StatusBadge status={suggestion.status} />
          </Group>
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Avatar src={suggestion.author.avatar_url} size={20} radius="xl" alt="" />
            <Text size="sm" c="dimmed">
              {t('suggestions.by', { author: suggestion.author.username })} · {format(suggestion.created_at)} ·{' '}
              {t('suggestions.base', { revision: suggestion.base_revision })}
            </Text>
          </Group>
          <ChangeBadges changes={suggestion.changes} />
          {suggestion.message ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {suggestion.message}
            </Text>
          ) : null}
          {suggestion.decided_at && suggestion.status !== 'open' ? (
            <Text size="sm" c="dimmed" data-testid="suggestion-decision">
              {t('suggestions.decided', {
                status: t(`suggestions.statuses.${suggestion.status}`),
                user: suggestion.decided_by?.username ?? '—',
                date: format(suggestion.decided_at),
              })}
            </Text>
          ) : null}
          {suggestion.reason ? (
            <Alert color="red" variant="light" title={t('suggestions.reason')} data-testid="suggestion-reason">
              <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {suggestion.reason}
              </Text>
            </Alert>
          ) : null}
          <Decisions share={share} suggestion={suggestion} />
        </Stack>
      </Card>
      {base.isError ? (
        <Alert color="red" role="alert">
          {t('suggestions.baseError')}
        </Alert>
      ) : base.data ? (
        <DiffCanvas from={base.data} to={suggestion.data as TreeDocument} viewKey={`suggestion:${suggestion.id}`} />
      ) : (
        <Skeleton h={480} radius="md" />
      )}
    </Stack>
  );
}
