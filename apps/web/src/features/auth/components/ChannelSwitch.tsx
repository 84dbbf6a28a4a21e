import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Channel } from '../api/types.ts';

/** Email or phone: which channel a code goes through. */
export function ChannelSwitch({ value, onChange }: { value: Channel; onChange: (channel: Channel) => void }) {
  const { t } = useTranslation('auth');
  return (
    <SegmentedControl
      fullWidth
      value={value}
      onChange={(next) => onChange(next as Channel)}
      aria-label={t('channel.label')}
      data={[
        { value: 'ses', label: t('channel.email') },
        { value: 'sms', label: t('channel.phone') },
      ]}
    />
  );
}
