import { Menu } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubjectRef } from '../../api/useProgress.ts';

const PlanDialog = lazy(() => import('./PlanDialog.tsx').then((m) => ({ default: m.PlanDialog })));

/** "Plan my study" in the editor's More menu on a phone (the menu stays mounted, so the dialog stays open). */
export function PlanMenuItem({ subject }: { subject: SubjectRef }) {
  const { t } = useTranslation('plans');
  const [opened, setOpened] = useState(false);
  const [loaded, setLoaded] = useState(false);
  return (
    <>
      <Menu.Item
        leftSection={<IconCalendarTime size={16} aria-hidden />}
        onClick={() => {
          setLoaded(true);
          setOpened(true);
        }}
        data-testid="plan-open"
      >
        {t('plan.button')}
      </Menu.Item>
      {loaded ? (
        <Suspense fallback={null}>
          <PlanDialog opened={opened} onClose={() => setOpened(false)} subject={subject} target={null} />
        </Suspense>
      ) : null}
    </>
  );
}
