import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Logo } from '../../shell/index.ts';
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
 * the blank layout (which is the `<main>` landmark), so the shell's logo here is the way back home.
 */
export function AuthCard({ title, subtitle, children, footer }: AuthCardProps) {
  return (
    <Box className={classes.background}>
      <Stack className={classes.column} gap="lg">
        <Center>
          <Logo />
        </Center>
        <Paper className={classes.card} withBorder shadow="md" radius="lg" p={{ base: 'md', xs: 'xl' }}>
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
