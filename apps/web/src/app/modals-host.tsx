import { ModalsProvider } from '@mantine/modals';
import { Z_INDEX } from './theme.ts';

/**
 * Mantine's modals manager. Features open modals through the `modals` event API only (never the
 * context hook), so the manager needs no children: it is mounted beside the app as a lazy chunk, which
 * keeps Modal, its scroll area and floating UI out of the first bundle (app/providers.tsx).
 */
export default function ModalsHost() {
  return <ModalsProvider modalProps={{ zIndex: Z_INDEX.overlay }}>{null}</ModalsProvider>;
}
