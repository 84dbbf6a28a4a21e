import { Anchor, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** © current year and a link to the product's home. */
export function Footer() {
  const { t } = useTranslation('shell');
  return (
    <Group component="footer" justify="space-between" gap="xs" py="md" className="arbor-footer">
      <Text size="sm" c="dimmed">
        {t('footer.copyright', { year: new Date().getFullYear() })}
      </Text>
      <Anchor component={Link} to="/" size="sm" c="dimmed">
        {t('footer.home')}
      </Anchor>
    </Group>
  );
}
