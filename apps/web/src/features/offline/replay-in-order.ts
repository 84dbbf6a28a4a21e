// The one replay shape of every offline queue (grades, learning edits): take the head of the queue,
// send it, stop at the first one the server could not be reached for (it and those after it wait),
// otherwise settle it (leave the queue, keep the answer) and go on. The head is re-read each step, so
// a replay cut short (the page closed between the answer and the settling) resumes where it stopped.

/** A result the replay may stop on: `unreachable` means no answer, try again later. */
export interface ReplayStep {
  kind: string;
}

export async function replayInOrder<Item, Outcome extends ReplayStep>(
  head: () => Promise<Item | undefined>,
  send: (item: Item) => Promise<Outcome>,
  settle: (item: Item, outcome: Outcome) => Promise<void>,
): Promise<void> {
  for (;;) {
    const item = await head();
    if (item === undefined) return;
    const outcome = await send(item);
    if (outcome.kind === 'unreachable') return;
    await settle(item, outcome);
  }
}
