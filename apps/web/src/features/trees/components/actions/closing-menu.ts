import { useState } from 'react';

/**
 * A menu's open state that a new `closeSignal` closes: opened "at" one signal, it is shut once the
 * signal moves on (no effect needed). Returns `[opened, setOpened]` for Mantine's `opened`/`onChange`.
 */
export function useClosingMenu(closeSignal: number): [boolean, (opened: boolean) => void] {
  const [openedAt, setOpenedAt] = useState<number | null>(null);
  return [openedAt === closeSignal, (opened) => setOpenedAt(opened ? closeSignal : null)];
}
