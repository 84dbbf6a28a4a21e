import { ModalsProvider } from '@mantine/modals';
import { useEffect } from 'react';
import { markModalsHostReady } from '../lib/modals-host.ts';
import { Z_INDEX } from './theme.ts';

/**
 * Mantine's modals manager. Features open modals through the `modals` event API only (never the
 * context hook), so the manager needs no children: it is mounted beside the app as a lazy chunk, which
 * keeps Modal, its scroll area and floating UI out of the first bundle (app/providers.tsx).
 */
export default function ModalsHost() {
  // Runs after the provider's own effects, so its listeners are in place.
  useEffect(markModalsHostReady, []);
  return <ModalsProvider modalProps={{ zIndex: Z_INDEX.overlay }}>{null}</ModalsProvider>;
}
