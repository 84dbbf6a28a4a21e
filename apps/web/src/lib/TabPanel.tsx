import type { ReactNode } from 'react';

interface TabPanelProps {
  /** the `id` given to the Mantine `Tabs` whose tab names this panel */
  tabs: string;
  value: string;
  active: boolean;
  children: ReactNode;
}

/**
 * A panel of Mantine `Tabs` rendered outside them, with the ids Mantine's tabs point at (`${id}-panel-${value}`,
 * labelled by `${id}-tab-${value}`). Mantine's tabs render again right after they mount (their id, their panels
 * registering), and their context then changes for everything inside them. A part the server drew that is
 * still waiting for its code to hydrate (a lazy canvas) does not survive such a change: React throws it away and
 * draws its placeholder instead. Out here the panel's content does not hear of it. Renders its content only
 * while active, as `keepMounted={false}`.
 */
export function TabPanel({ tabs, value, active, children }: TabPanelProps) {
  return (
    <div role="tabpanel" id={`${tabs}-panel-${value}`} aria-labelledby={`${tabs}-tab-${value}`} hidden={!active}>
      {active ? children : null}
    </div>
  );
}
