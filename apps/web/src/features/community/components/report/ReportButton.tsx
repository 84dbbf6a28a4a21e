import { ActionIcon } from '@mantine/core';
import { IconFlag } from '@tabler/icons-react';
import { HintTooltip } from '../../../shell/index.ts';
import { openReportDialog, type ReportTarget } from '../../report/open-report-dialog.ts';

/** The flag that reports one thing to the moderators; `label` names what (e.g. "Report review by ada"). */
export function ReportButton({ target, label }: { target: ReportTarget; label: string }) {
  return (
    <HintTooltip label={label} withArrow>
      <ActionIcon variant="subtle" color="gray" aria-label={label} onClick={() => void openReportDialog(target)}>
        <IconFlag size={16} aria-hidden />
      </ActionIcon>
    </HintTooltip>
  );
}
