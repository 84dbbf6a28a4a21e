import { Select } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LOCALES, isLocale, setLocale } from '../../../lib/i18n.ts';
import type { Me } from '../../../lib/session.ts';
import { describeError } from '../../auth/index.ts';
import { useUpdateProfile } from '../api/useUpdateProfile.ts';

/**
 * The profile's language. Saved at once (no separate Save), and on success the UI switches to it
 * through the same `setLocale` as the header's language menu, so the two never disagree.
 */
export function LanguageSelect({ me }: { me: Me }) {
  const { t, i18n } = useTranslation('profile');
  const update = useUpdateProfile();

  async function change(value: string | null) {
    if (!isLocale(value) || value === me.profile.locale) return;
    try {
      await update.mutateAsync({ id: me.profile.id, locale: value });
      setLocale(value);
      notifications.show({ color: 'teal', message: i18n.t('profile:language.saved', { lng: value }) });
    } catch (error) {
      notifications.show({
        color: 'red',
        message: describeError(error, t, i18n.language).message ?? t('language.failed'),
      });
    }
  }

  return (
    <Select
      label={t('language.label')}
      description={t('language.description')}
      inputWrapperOrder={['label', 'description', 'input', 'error']}
      leftSection={<IconLanguage size={16} />}
      data={LOCALES.map((locale) => ({ value: locale, label: t(`language.names.${locale}`) }))}
      value={me.profile.locale}
      onChange={(value) => void change(value)}
      allowDeselect={false}
      disabled={update.isPending}
      maw={320}
      comboboxProps={{ withinPortal: true }}
    />
  );
}
