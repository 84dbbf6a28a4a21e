import { Group, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconBinaryTree } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** The product mark and name, linking home. `compact` keeps only the mark (closed sidebar, small phones). */
export function Logo({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <UnstyledButton component={Link} to="/" aria-label={t('homeLinkLabel')} className="arbor-logo">
      <Group gap={10} wrap="nowrap">
        <ThemeIcon size={34} radius="md" variant="filled" aria-hidden>
          <IconBinaryTree size={20} stroke={2} />
        </ThemeIcon>
        {compact ? null : (
          <Text component="span" fw={700} fz={20} ff="heading" lh={1}>
            {t('productName')}
          </Text>
        )}
      </Group>
    </UnstyledButton>
  );
}
