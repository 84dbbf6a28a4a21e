import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * SLOT for "My shares" (UI.md `/profile`): the community feature replaces this body with the list of
 * the user's shared templates. The profile page already renders it in its own section with a heading,
 * so the replacement only has to provide the content.
 */
export function MySharesSection() {
  const { t } = useTranslation('profile');
  return (
    <Text size="sm" c="dimmed">
      {t('shares.empty')}
    </Text>
  );
}
