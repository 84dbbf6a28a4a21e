import { Menu } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SubjectRef } from '../../api/useProgress.ts';

/**
 * "Plan my study" in the editor's More menu on a phone. The menu unmounts its items when it closes,
 * so the dialog opens through the modals manager, outside the menu.
 */
export function PlanMenuItem({ subject }: { subject: SubjectRef }) {
  const { t } = useTranslation('plans');
  return (
    <Menu.Item
      leftSection={<IconCalendarTime size={16} aria-hidden />}
      onClick={() => void import('./PlanDialog.tsx').then((m) => m.openPlanModal({ subject, title: t('plan.title') }))}
      data-testid="plan-open"
    >
      {t('plan.button')}
    </Menu.Item>
  );
}
