import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Centered spinner for a page that is still deciding what to show (session loading, lazy data). */
export function PageLoader() {
  const { t } = useTranslation('common');
  return (
    <Center mih={240} role="status" aria-live="polite">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}
