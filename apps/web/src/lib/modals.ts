// The modals manager's API for features. Mantine's manager is mounted from a lazy chunk once the first page's
// content is on screen (app/modals-host.tsx); `modals.open` before that was lost, and a click on a page that
// had just loaded (a phone, a busy machine) opened nothing. Here an open waits for the manager, whose chunk
// the first pointer or key press starts loading, and answers the modal's id at once, so `close(id)` can be
// wired into its content; a close that comes first cancels the open.
import { modals as manager } from '@mantine/modals';
import { modalsHostReady } from './modals-host.ts';

type OpenProps = Parameters<typeof manager.open>[0];
type ConfirmProps = Parameters<typeof manager.openConfirmModal>[0];

let counter = 0;
/** Ids opened but not yet shown, because the manager is not mounted. */
const waiting = new Set<string>();

function whenReady<P extends { modalId?: string }>(show: (props: P) => string, props: P): string {
  const modalId = props.modalId ?? `arbor-modal-${++counter}`;
  waiting.add(modalId);
  void modalsHostReady.then(() => {
    if (!waiting.delete(modalId)) return; // closed before it could be shown
    show({ ...props, modalId });
  });
  return modalId;
}

/**
 * The confirmation asked for and not closed yet. A person confirms one thing at a time: a second press of the
 * button that asks (a double tap, a tap again on a slow phone while the first dialog is still coming) answers
 * that one's id instead of stacking a second dialog, which would stay over the page once the first is confirmed.
 */
let confirming: string | null = null;

export const modals = {
  open: (props: OpenProps): string => whenReady(manager.open, props),
  openConfirmModal(props: ConfirmProps): string {
    if (confirming) return confirming;
    // Answered, it is no longer asking: its own answer may ask the next question (which opens as this one closes).
    const release = () => {
      if (confirming === modalId) confirming = null;
    };
    const modalId = whenReady(manager.openConfirmModal, {
      ...props,
      onConfirm: () => {
        release();
        props.onConfirm?.();
      },
      onCancel: () => {
        release();
        props.onCancel?.();
      },
      onClose: () => {
        release();
        props.onClose?.();
      },
    });
    confirming = modalId;
    return modalId;
  },
  close(modalId: string): void {
    if (modalId === confirming && waiting.has(modalId)) confirming = null;
    if (!waiting.delete(modalId)) manager.close(modalId);
  },
  closeAll(): void {
    waiting.clear();
    confirming = null;
    manager.closeAll();
  },
};
