// Offline review specs' shared steps: a deck of four new cards made through the API, and grading cards
// with the keyboard as a learner does (Space shows the answer, 3 is Good).
import type { Page } from 'playwright-core';
import { api } from './api.ts';

/** A tree with four new cards on its root (fronts One…Four, backs "<front> — answer"); their ids. */
export async function deckOfFour(access: string): Promise<number[]> {
  const tree = await api<{ uuid: string }>('POST', '/api/tree/skills_tree/', access, {
    title: 'Offline deck',
    data: {
      format: 1,
      layout: { direction: 'TB' },
      nodes: [{ id: 'root', parent_id: null, title: 'Offline deck' }],
      links: [],
    },
  });
  const ids: number[] = [];
  for (const front of ['One', 'Two', 'Three', 'Four'])
    ids.push(
      (
        await api<{ id: number }>('POST', '/api/learn/cards/', access, {
          tree: tree.uuid,
          node_id: 'root',
          front,
          back: `${front} — answer`,
        })
      ).id,
    );
  return ids;
}

/** Grades `count` cards Good with the keyboard; `showAnswer` is the reveal button's name. */
export async function gradeGoodByKeyboard(page: Page, showAnswer: string, count: number): Promise<void> {
  const reveal = page.getByRole('button', { name: showAnswer });
  for (let graded = 0; graded < count; graded += 1) {
    await reveal.waitFor();
    await page.keyboard.press('Space');
    await page
      .getByTestId('review-session')
      .getByText(/— answer/)
      .waitFor();
    await page.keyboard.press('3');
  }
}
