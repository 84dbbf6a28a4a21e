import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CalendarLinkPanel } from './CalendarLinkPanel.tsx';

/** "Add to calendar" on its own (from /learn's plans). */
export function CalendarDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('plans');
  return (
    <Modal opened={opened} onClose={onClose} title={t('calendar.title')} size="lg" data-testid="calendar-dialog">
      {opened ? <CalendarLinkPanel /> : null}
    </Modal>
  );
}
