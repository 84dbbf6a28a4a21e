import { Alert, Radio, Stack, Text, Textarea } from '@mantine/core';
import { modals } from '../../../../lib/modals.ts';
import { notifications } from '@mantine/notifications';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogActions } from '../../../../lib/DialogActions.tsx';
import { i18n, loadNamespaces } from '../../../../lib/i18n.ts';
import { useCreateReport } from '../../api/reports.ts';
import { problemText } from '../../lib/problem.ts';
import type { ReportTarget } from '../../report/report-target.ts';

const REASONS = ['spam', 'abuse', 'copyright', 'other'] as const;
type Reason = (typeof REASONS)[number];
const DETAILS_MAX = 2000;

function ReportForm({ target, onDone }: { target: ReportTarget; onDone: () => void }) {
  const { t } = useTranslation('reviews');
  const [reason, setReason] = useState<Reason | null>(null);
  const [details, setDetails] = useState('');
  const report = useCreateReport();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason) return;
    report.mutate(
      { target_kind: target.kind, target_id: target.id, reason, details: details.trim() || undefined },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('report.sent') });
          onDone();
        },
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Text size="sm">{t(`report.about.${target.kind}`)}</Text>
        <Radio.Group
          label={t('report.reason')}
          value={reason}
          onChange={(value) => setReason(value as Reason)}
          required
        >
          <Stack gap="xs" mt="xs">
            {REASONS.map((value) => (
              <Radio key={value} value={value} label={t(`report.reasons.${value}`)} />
            ))}
          </Stack>
        </Radio.Group>
        <Textarea
          label={t('report.details')}
          description={t('report.detailsHint')}
          value={details}
          onChange={(event) => setDetails(event.currentTarget.value)}
          maxLength={DETAILS_MAX}
          autosize
          minRows={3}
          maxRows={8}
        />
        {report.isError ? (
          <Alert color="red" role="alert">
            {problemText(report.error, {
              network: t('problem.network'),
              server: t('problem.server'),
              conflict: t('report.already'),
            })}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onDone}
          submit={t('report.submit')}
          loading={report.isPending}
          disabled={!reason}
          color="red"
        />
      </Stack>
    </form>
  );
}

/** The report dialog through the modals manager (it outlives the button or menu that opened it). */
export async function showReportDialog(target: ReportTarget): Promise<void> {
  await loadNamespaces(['reviews']);
  const id = modals.open({
    title: i18n.t('reviews:report.title'),
    children: <ReportForm target={target} onDone={() => modals.close(id)} />,
  });
}
