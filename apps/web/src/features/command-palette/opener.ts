import { spotlight } from '@mantine/spotlight';

// The palette is a lazy chunk (app/shell-extras.tsx). Asked to open before it has mounted, it opens as
// soon as it has: opening it through the store earlier would skip its own open handler (which turns
// on the remote search), so the request waits instead of being lost.
let mounted = false;
let pending = false;

/** Opens the command palette now, or as soon as it has mounted. */
export function openPalette() {
  if (mounted) spotlight.open();
  else pending = true;
}

/** Whether the palette has mounted (its own Ctrl/⌘+K shortcut is then live). */
export const paletteMounted = () => mounted;

/** Called once the palette has mounted; the function it returns, when it unmounts (logging out). */
export function markPaletteMounted(): () => void {
  mounted = true;
  if (pending) {
    pending = false;
    spotlight.open();
  }
  return () => {
    mounted = false;
  };
}
