// A contract Card for the web app's unit tests: a new basic card of one tree, with what a test changes.
import type { Card } from '@arbor/contract';

export const TEST_SUBJECT_UUID = '00000000-0000-4000-8000-000000000001';

export function testCard(over: Partial<Card> = {}): Card {
  return {
    id: 1,
    subject: { kind: 'tree', uuid: TEST_SUBJECT_UUID, title: 'T' },
    node_id: 'n1',
    front: 'f',
    back: 'b',
    state: 'new',
    due: '2026-03-02T09:00:00.000Z',
    stability: 0,
    difficulty: 0,
    reps: 0,
    lapses: 0,
    last_review: null,
    scheduled_days: 0,
    learning_steps: 0,
    kind: 'basic',
    siblings: [],
    cloze: null,
    occlusion: null,
    suspended: false,
    created_at: '2026-03-01T09:00:00.000Z',
    updated_at: '2026-03-01T09:00:00.000Z',
    ...over,
  };
}
