import { Anchor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'react-router';

/**
 * A link between auth pages that keeps the query string, so a `?redirect=` survives a detour through
 * register or password reset and the visitor still lands where they were going.
 */
export function AuthLink({ to, children, size = 'sm' }: { to: string; children: ReactNode; size?: string }) {
  const { search } = useLocation();
  return (
    <Anchor component={Link} to={{ pathname: to, search }} size={size} fw={500}>
      {children}
    </Anchor>
  );
}
