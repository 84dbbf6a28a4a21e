import { Anchor, Box, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import classes from './AuthCard.module.css';

interface AuthCardProps {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** links under the card (switch between login, register, reset) */
  footer?: ReactNode;
}

/**
 * The frame of every auth page: a soft full-height background with one centred card. The pages use
 * the blank layout, so this is also where the logo links back home.
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation('auth');
  return (
    <Box component="main" className={classes.background}>
      <Stack className={classes.column} gap="lg">
        <Anchor component={Link} to="/" underline="never" className={classes.brand} aria-label={t('brand.home')}>
          <Group gap="xs" justify="center">
            <Image src="/favicon.svg" alt="" w={36} h={36} />
            <Text component="span" fw={700} fz={22} c="var(--mantine-color-text)">
              Arbor
            </Text>
          </Group>
        </Anchor>
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'lg', xs: 'xl' }}>
          <Stack gap={4} mb="lg">
            <Title order={1} fz={24} ta="center">
              {title}
            </Title>
            {subtitle ? (
              <Text c="dimmed" size="sm" ta="center">
                {subtitle}
              </Text>
            ) : null}
          </Stack>
          {children}
        </Paper>
        {footer ? (
          <Text size="sm" ta="center" c="dimmed">
            {footer}
          </Text>
        ) : null}
      </Stack>
    </Box>
  );
}
