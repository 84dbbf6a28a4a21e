// Groups through the UI (UI.md "Third wave", API.md "Groups"): a teacher creates a class, assigns a
// template and copies the invite link; two students join from it after reading what they share, one
// learns part of the template; the teacher sees the grid change, exports the CSV and nudges the other
// student, whose bell counts it live. On a desktop in zh-CN and a 390 px phone in ja-JP, with axe in
// light and dark. The API only prepares the accounts and the template (not under test here).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeBothSchemes } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { sharedTemplate } from '../support/api.ts';
import { baseURL, launchBrowser, downloadedText } from '../support/browser.ts';
import { nodeTitled } from '../support/editor.ts';
import { messagesIn, type Locale } from '../support/i18n.ts';
import { signedInPage, type ApiTokens } from '../support/session.ts';

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close().catch(() => undefined);
  await browser?.close();
});

/** Set GROUPS_SCREENSHOTS=<folder> to keep screenshots of every screen the spec opens. */
const SHOTS = process.env.GROUPS_SCREENSHOTS;
async function shot(page: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${scheme}.png`), fullPage: true });
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

const cases: { name: string; locale: Locale; width: number; height: number }[] = [
  { name: 'desktop (zh-CN)', locale: 'zh-CN', width: 1280, height: 860 },
  { name: '390 px phone (ja-JP)', locale: 'ja-JP', width: 390, height: 844 },
];

describe.each(cases)('groups, $name', ({ locale, width, height }) => {
  const m = messagesIn(locale);
  const phone = width < 500;
  const tag = `${phone ? 'p' : 'd'}${Date.now().toString(36)}`;
  const TITLE = `Web ${tag}`;
  const CLASS = `三年二班 ${tag}`;
  let teacher: ApiTokens & { username: string };
  let students: Array<ApiTokens & { username: string }>;

  beforeAll(async () => {
    teacher = await signUpByEmail(`gt_${tag}`);
    students = [await signUpByEmail(`gs1_${tag}`), await signUpByEmail(`gs2_${tag}`)];
    // Four counted nodes (the root is not), so one done is 25 %; one title in CJK for the CSV.
    await sharedTemplate(teacher.access, {
      title: TITLE,
      description: 'From HTML to React',
      nodes: [
        { id: 'root', parent_id: null, title: TITLE },
        { id: 'html', parent_id: 'root', title: 'HTML basics' },
        { id: 'css', parent_id: 'html', title: 'CSS 布局' },
        { id: 'js', parent_id: 'html', title: 'JavaScript' },
        { id: 'react', parent_id: 'js', title: 'React' },
      ],
    });
  });

  const open = async (tokens: ApiTokens) => {
    const opened = await signedInPage(browser, tokens, { locale, width, height });
    contexts.push(opened.context);
    return opened;
  };
  const axe = async (page: Page) => expect(await axeBothSchemes(page)).toEqual([]);
  const bell = (page: Page, unread: number) =>
    page.getByRole('button', {
      name: unread === 0 ? m('shell', 'notifications.bell') : m('shell', 'notifications.bellUnread', { count: unread }),
      exact: true,
    });
  const row = (page: Page, username: string) =>
    page.getByTestId('dashboard-row').filter({ has: page.getByText(username, { exact: true }) });
  /** Elements reaching past the right edge of the viewport (outside scrolling boxes), as short names. */
  const wider = (page: Page, viewport: number) =>
    page.evaluate((limit) => {
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p; p = p.parentElement)
          if (['auto', 'scroll', 'hidden'].includes(getComputedStyle(p).overflowX)) return true;
        return false;
      };
      return [...document.querySelectorAll('body *')]
        .filter((el) => el.getBoundingClientRect().right > limit + 1 && !clipped(el))
        .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}`)
        .slice(0, 5);
    }, viewport);
  /** Opens (or re-opens, which reads it again) the progress grid of the only assignment. */
  const openGrid = async (page: Page) => {
    const toggle = page.getByRole('button', { name: m('groups', 'assignments.progress'), exact: true });
    if ((await toggle.getAttribute('aria-expanded')) === 'true') await toggle.click();
    await toggle.click();
    await page.getByTestId('dashboard').waitFor();
  };

  it('a teacher creates a class, students join and learn, the teacher follows, exports and nudges', async () => {
    // The teacher: Groups in the navigation, then "New group", a class.
    const { page: t, context: tContext, errors: tErrors } = await open(teacher);
    await t.goto('/learn');
    if (phone) await t.getByRole('button', { name: m('shell', 'nav.open'), exact: true }).click();
    await t.getByRole('link', { name: m('shell', 'nav.groups'), exact: true }).click();
    await t.getByRole('heading', { name: m('groups', 'home.title'), level: 1 }).waitFor();
    await t.getByText(m('groups', 'home.empty')).waitFor();
    await axe(t);
    await shot(t, `${tag}-groups-empty`);
    await t.getByRole('button', { name: m('groups', 'home.create'), exact: true }).click();
    const dialog = t.getByRole('dialog');
    await dialog.getByLabel(m('groups', 'fields.name')).fill(CLASS);
    await dialog.getByText(m('groups', 'kind.class'), { exact: true }).click();
    await shot(t, `${tag}-groups-create`);
    await dialog.getByRole('button', { name: m('groups', 'create.submit'), exact: true }).click();
    await t.getByRole('heading', { name: CLASS, level: 1 }).waitFor();
    expect(t.url()).toMatch(/\/groups\/[^/]+$/);
    await t.getByTestId('my-role').getByText(m('groups', 'role.owner')).waitFor();

    // "Assign": the template, searched by its title, due at the end of the month.
    await t.getByRole('button', { name: m('groups', 'assign.open'), exact: true }).click();
    const assign = t.getByRole('dialog');
    await assign.getByTestId('assign-template').fill(tag);
    await t.getByRole('option', { name: TITLE, exact: true }).click();
    await assign.getByTestId('assign-target').waitFor();
    await assign.getByTestId('assign-due').fill('2099-12-31');
    await shot(t, `${tag}-assign`);
    await axe(t);
    await assign.getByRole('button', { name: m('groups', 'assign.submit'), exact: true }).click();
    await assign.waitFor({ state: 'detached' });
    const card = t.getByTestId('assignment-card');
    await card.getByRole('heading', { name: TITLE }).waitFor();

    // Members: the invite with its QR code; "Copy link" puts the join link on the clipboard.
    await t.getByRole('tab', { name: m('groups', 'tabs.members', { count: 1 }), exact: true }).click();
    await t.getByTestId('join-qr').waitFor();
    await tContext.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    await t.getByTestId('copy-join-link').click();
    await t.getByRole('button', { name: m('groups', 'invite.copied'), exact: true }).waitFor();
    const link = await t.evaluate(() => navigator.clipboard.readText());
    expect(link).toBe(await t.getByTestId('join-link').inputValue());
    expect(link).toMatch(/\/groups\/join\/[2-9A-HJ-NP-Z]{8}$/);
    await axe(t);
    await shot(t, `${tag}-members-invite`);

    // Each student opens the link, reads who runs the group and what joining shares, then joins.
    const joined: Page[] = [];
    for (const [i, student] of students.entries()) {
      const { page: s, errors } = await open(student);
      await s.goto(new URL(link).pathname);
      await s.getByRole('heading', { name: m('groups', 'join.heading', { name: CLASS }), level: 1 }).waitFor();
      await s.getByText(m('groups', 'join.runBy', { name: teacher.username })).waitFor();
      expect(await s.getByTestId('join-consent').textContent()).toBe(m('groups', 'join.consent'));
      if (i === 0) {
        await axe(s);
        await shot(s, `${tag}-join`);
      }
      await s.getByRole('button', { name: m('groups', 'join.submit'), exact: true }).click();
      await s.getByRole('heading', { name: CLASS, level: 1 }).waitFor();
      await s.getByTestId('my-role').getByText(m('groups', 'role.member')).waitFor();
      expect(errors).toEqual([]);
      joined.push(s);
    }
    const [first, second] = joined as [Page, Page];

    // The teacher's grid: both students, nothing learnt yet.
    await t.getByRole('tab', { name: m('groups', 'tabs.assignments'), exact: true }).click();
    await openGrid(t);
    await row(t, students[0]!.username).waitFor();
    expect(await row(t, students[0]!.username).getByTestId('dashboard-percent').textContent()).toBe('0%');
    expect(await row(t, students[1]!.username).getByTestId('dashboard-percent').textContent()).toBe('0%');

    // The first student learns from the assignment: "Learn" opens the template in learning mode.
    await first
      .getByTestId('assignment-card')
      .getByRole('link', { name: m('groups', 'assignments.learn') })
      .click();
    await first.getByRole('heading', { name: TITLE, level: 1 }).waitFor();
    const html = nodeTitled(first, 'HTML basics').getByTestId('learning-status');
    await html.click();
    await first.getByRole('menuitem', { name: m('learning', 'status.done'), exact: true }).click();
    await expect.poll(() => html.getAttribute('data-status')).toBe('done');
    // `/learn` names the group that assigned it, with the due date.
    await first.goto('/learn');
    const badges = first.getByTestId('subject-assignments');
    await expect.poll(() => badges.textContent()).toContain(CLASS);
    await axe(first);
    await shot(first, `${tag}-learn`);

    // The teacher sees the grid change: 25 % and HTML done for the first student, the second at 0 %.
    await expect
      .poll(
        async () => {
          await openGrid(t);
          return row(t, students[0]!.username).getByTestId('dashboard-percent').textContent();
        },
        { timeout: 15_000 },
      )
      .toBe('25%');
    expect(await row(t, students[0]!.username).locator('[data-status="done"]').count()).toBe(1);
    expect(await row(t, students[1]!.username).getByTestId('dashboard-percent').textContent()).toBe('0%');
    await axe(t);
    await shot(t, `${tag}-dashboard`);
    if (phone) {
      // The grid scrolls inside its card; the names stay pinned at the left edge.
      const scroller = t.getByRole('region', { name: m('groups', 'dashboard.label') });
      expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
      await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      const nameCell = row(t, students[0]!.username).getByRole('rowheader');
      const [cellBox, scrollerBox] = [await nameCell.boundingBox(), await scroller.boundingBox()];
      expect(Math.abs(cellBox!.x - scrollerBox!.x)).toBeLessThan(2);
      await shot(t, `${tag}-dashboard-scrolled`);
      // …and only the grid: the page itself does not scroll sideways.
      expect(await wider(t, width)).toEqual([]);
    }

    // "Export CSV": a BOM, a row per member, CJK node titles intact.
    const [download] = await Promise.all([
      t.waitForEvent('download'),
      t.getByRole('button', { name: m('groups', 'dashboard.export'), exact: true }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`${TITLE}.csv`);
    const csv = await downloadedText(download);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv).toContain('CSS 布局');
    for (const student of students) expect(csv).toContain(student.username);

    // The second student has the group open; the teacher nudges them and their bell counts it, live.
    await bell(second, 0).waitFor();
    await t
      .getByRole('button', { name: m('groups', 'dashboard.nudgeOne', { name: students[1]!.username }), exact: true })
      .click();
    await t.getByText(m('groups', 'dashboard.nudged_other', { count: 1 })).waitFor();
    await bell(second, 1).waitFor({ timeout: 15_000 });
    await bell(second, 1).click();
    const news = second.getByText(teacher.username).filter({ hasText: TITLE }).first();
    await news.waitFor();
    await axe(second);
    await shot(second, `${tag}-nudge-notification`);

    // Settings: the student may leave; the teacher renames, makes a new code and may delete.
    await t.getByRole('tab', { name: m('groups', 'tabs.settings'), exact: true }).click();
    await t.getByRole('button', { name: m('groups', 'settings.delete'), exact: true }).waitFor();
    await axe(t);
    await shot(t, `${tag}-settings`);
    expect(tErrors).toEqual([]);
  });
});
