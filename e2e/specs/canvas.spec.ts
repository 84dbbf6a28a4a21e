// The tree canvas through the UI (issue #18): fit view brings every node into the canvas in every
// layout with the node panel open; a template's node opens in a read-only drawer with its Markdown;
// on a phone the editor's "more" menu reaches Share; the canvas controls and links are named in the
// UI language. Trees are prepared through the API, every step after that is a click or a key.
// Screenshots go to /tmp for a person to look at (as shell-screenshots.spec.ts does).
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import communityEn from '../../apps/web/src/i18n/community/en-US.json' with { type: 'json' };
import treesEn from '../../apps/web/src/i18n/trees/en-US.json' with { type: 'json' };
import treesZh from '../../apps/web/src/i18n/trees/zh-CN.json' with { type: 'json' };
import { seriousViolations } from '../support/a11y.ts';
import { signUpByEmail } from '../support/accounts.ts';
import { api } from '../support/api.ts';
import { afterPaint, baseURL, launchBrowser, newPage } from '../support/browser.ts';
import { boxOf, expectAllInside, nodesOutside, panAway, waitViewSettled } from '../support/canvas.ts';
import { nodeTitled, selectNode } from '../support/editor.ts';
import { presetStorage, storeTokens, type ApiTokens } from '../support/session.ts';

let browser: Browser;
let owner: ApiTokens;

beforeAll(async () => {
  browser = await launchBrowser();
  owner = await signUpByEmail(`canvas_${Date.now().toString(36)}`);
});
afterAll(async () => browser?.close());

/**
 * A ternary tree (node i under node ⌊(i−1)/3⌋) with prerequisite links across branches; node 0 is the
 * root, node 4 ("Skill 4") has content and a resource. 85 nodes by default, as in the report.
 */
function treeData(title: string, count = 85, direction: 'TB' | 'LR' = 'TB') {
  const nodes = Array.from({ length: count }, (_, i) => ({
    id: `n${i}`,
    parent_id: i === 0 ? null : `n${Math.floor((i - 1) / 3)}`,
    title: i === 0 ? title : `Skill ${i}`,
    ...(i === 4 ? { content: 'Learn the **basics** first.\n\n- one\n- two' } : {}),
    ...(i === 4 ? { resources: [{ title: 'Reference manual', url: 'https://example.org/manual' }] } : {}),
  }));
  return {
    format: 1,
    layout: { direction },
    nodes,
    links: [
      { source: 'n4', target: 'n20', kind: 'prerequisite' },
      { source: 'n2', target: 'n11', kind: 'prerequisite' },
      { source: 'n30', target: 'n60', kind: 'related' },
      { source: 'n4', target: 'n9', kind: 'prerequisite' },
    ].filter((link) => Number(link.target.slice(1)) < count),
  };
}

/** Uploads a 64 px PNG as the image of a node of the owner's tree (preparation, not the step under test). */
async function uploadNodeImage(treeId: number, nodeId: string): Promise<{ id: number; url: string }> {
  const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#2f9e44' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('tree', String(treeId));
  form.set('node_id', nodeId);
  form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'node.png');
  const res = await fetch(`${baseURL()}/api/tree/node_image/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${owner.access}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: number; url: string };
}

async function createTree(
  title: string,
  count?: number,
  direction?: 'TB' | 'LR',
): Promise<{ id: number; uuid: string }> {
  return api<{ id: number; uuid: string }>('POST', '/api/tree/skills_tree/', owner.access, {
    title,
    data: treeData(title, count, direction),
  });
}

async function openAs(
  tokens: ApiTokens,
  path: string,
  opts: { locale: 'en-US' | 'zh-CN'; width: number; height: number },
): Promise<{ page: Page; errors: string[]; close: () => Promise<void> }> {
  const { context, page, errors } = await newPage(browser, opts);
  await presetStorage(context, { 'arbor.locale': opts.locale });
  await page.goto('/favicon.svg');
  await storeTokens(page, tokens);
  await page.goto(path);
  return { page, errors, close: () => context.close() };
}

describe('the tree canvas', () => {
  it('fits every node into the canvas beside the node panel in every layout, from the toolbar and the canvas control', async () => {
    const tree = await createTree(`Fit tree ${Date.now().toString(36)}`);
    const { page, errors, close } = await openAs(owner, `/trees/${tree.uuid}`, {
      locale: 'en-US',
      width: 1280,
      height: 860,
    });
    const canvasEl = page.getByTestId('tree-canvas');
    await canvasEl.waitFor();
    // The node panel is open (the root is selected on opening) and takes its share of the width.
    await page.getByTestId('node-panel').waitFor();
    await page.locator('.react-flow__node').first().waitFor();

    for (const direction of ['LR', 'RADIAL', 'TB'] as const) {
      // Switching the layout fits the tree.
      // The segmented control's radio is drawn by its label: click that, as a person would.
      const radioId = await page.getByRole('radio', { name: treesEn.layout[direction] }).getAttribute('id');
      await page.locator(`label[for="${radioId}"]`).click();
      await page.locator(`.arbor-dir-${direction}`).waitFor();
      const canvas = await boxOf(canvasEl);
      await expect.poll(() => nodesOutside(page, canvas, 85), { timeout: 10_000 }).toBe(0);
      await page.getByTestId('node-panel').waitFor();

      // Away and back with the toolbar button…
      await panAway(page, canvas);
      await expect.poll(() => nodesOutside(page, canvas, 85)).toBeGreaterThan(0);
      await page.getByTestId('toolbar-fit').click();
      await expect.poll(() => nodesOutside(page, canvas, 85), { timeout: 10_000 }).toBe(0);

      // …and with the canvas control.
      await panAway(page, canvas);
      await expect.poll(() => nodesOutside(page, canvas, 85)).toBeGreaterThan(0);
      await page.getByTestId('canvas-fit').click();
      await expect.poll(() => nodesOutside(page, canvas, 85), { timeout: 10_000 }).toBe(0);
    }
    expect(errors).toEqual([]);
    await close();
  });

  it('draws a 1,000-node tree zoomed out on one canvas, selects a box by click and brings the nodes back on zoom in', async () => {
    const title = `Overview ${Date.now().toString(36)}`;
    const tree = await createTree(title, 1000);
    const { page, errors, close } = await openAs(owner, `/trees/${tree.uuid}`, {
      locale: 'en-US',
      width: 1280,
      height: 860,
    });
    const canvasEl = page.getByTestId('tree-canvas');
    await page.locator('.react-flow__node').first().waitFor();
    const viewport = () =>
      page.evaluate(() => {
        const m = new DOMMatrix(getComputedStyle(document.querySelector('.react-flow__viewport')!).transform);
        return { x: m.e, y: m.f, zoom: m.a };
      });
    // Where "Skill 2" (under the root, so on screen once fitted) lies in the flow, read from its node
    // element while nodes are drawn; then the root is selected again.
    await selectNode(page, 'Skill 2');
    const canvasBox = await boxOf(canvasEl);
    const nodeBox = await boxOf(page.locator('.react-flow__node[data-id="n2"]'));
    const before = await viewport();
    const flowPoint = {
      x: (nodeBox.x - canvasBox.x - before.x) / before.zoom + 110,
      y: (nodeBox.y - canvasBox.y - before.y) / before.zoom + 32,
    };
    await selectNode(page, title);

    await page.getByTestId('toolbar-fit').click();
    // Fitted, the tree is drawn on the overview canvas and React Flow holds no node elements.
    const overview = page.getByTestId('overview-canvas');
    await overview.waitFor();
    await expect.poll(() => page.locator('.react-flow__node').count()).toBe(0);
    // Screen readers get the skills as a list meanwhile.
    await expect(page.getByTestId('overview-list').locator('li').count()).resolves.toBe(1000);
    await waitViewSettled(page); // the fit's glide ends

    // A click on the box of "Skill 2" selects it: the node panel shows it.
    const fitted = await viewport();
    const target = {
      x: canvasBox.x + fitted.x + flowPoint.x * fitted.zoom,
      y: canvasBox.y + fitted.y + flowPoint.y * fitted.zoom,
    };
    await page.mouse.click(target.x, target.y);
    await page.getByTestId('node-panel').getByRole('heading', { name: 'Skill 2', exact: true }).waitFor();
    await page.screenshot({ path: '/tmp/arbor-canvas-overview.png' });
    // The overview takes the theme's colours (the app follows the system's scheme by default).
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.locator('[data-mantine-color-scheme="dark"]').waitFor({ state: 'attached' });
    await afterPaint(page); // the overview's repaint, scheduled for the next frame
    await page.screenshot({ path: '/tmp/arbor-canvas-overview-dark.png' });

    // Zooming in past the threshold brings React Flow's node elements back.
    await page.mouse.move(target.x, target.y);
    for (let i = 0; i < 15 && (await page.locator('.react-flow__node').count()) === 0; i++) {
      await page.mouse.wheel(0, -400);
      await waitViewSettled(page);
      await afterPaint(page);
    }
    await page.locator('.react-flow__node[data-id="n2"]').waitFor();
    await overview.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await close();
  });

  it("opens a template node's Markdown, resources and time in a read-only drawer beside the canvas, and a fork shows its own copy of the image", async () => {
    const title = `Template ${Date.now().toString(36)}`;
    // 13 nodes left to right: small enough to be read whole in the template's canvas.
    const tree = await createTree(title, 13, 'LR');
    const image = await uploadNodeImage(tree.id, 'n4');
    const data = treeData(title, 13, 'LR');
    data.nodes = data.nodes.map((node) => (node.id === 'n4' ? { ...node, image_id: image.id } : node));
    await api('PATCH', `/api/tree/skills_tree/${tree.id}/`, owner.access, { data });
    const share = await api<{ uuid: string }>('POST', '/api/community/trees-shared/share_tree/', owner.access, {
      tree: tree.id,
      tags: ['canvas'],
    });
    const reader = await signUpByEmail(`reader_${Date.now().toString(36)}`);
    const { page, errors, close } = await openAs(reader, `/community/${share.uuid}`, {
      locale: 'en-US',
      width: 1280,
      height: 900,
    });
    await page.getByRole('heading', { name: title, level: 1 }).waitFor();
    const canvasEl = page.getByTestId('tree-canvas');
    // The first view fits the whole template.
    await expectAllInside(page, () => boxOf(canvasEl), 13);

    const node = nodeTitled(page, 'Skill 4');
    await node.getByTestId('node-title').click();

    const drawer = page.getByRole('dialog', { name: 'Skill 4' });
    await drawer.waitFor();
    await drawer.getByTestId('markdown-preview').locator('strong', { hasText: 'basics' }).waitFor();
    await expect(drawer.getByTestId('markdown-preview').getByRole('listitem').count()).resolves.toBe(2);
    const link = drawer.getByRole('link', { name: 'Reference manual' });
    await expect(link.getAttribute('href')).resolves.toBe('https://example.org/manual');
    await expect(link.getAttribute('rel')).resolves.toContain('noopener');
    // The node's image, from the source tree, as the snapshot points at it.
    const picture = drawer.getByRole('img', { name: 'Image of Skill 4' });
    await expect(picture.getAttribute('src')).resolves.toBe(image.url);
    await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
    // Read-only: nothing to type into.
    await expect(drawer.locator('input, textarea, [contenteditable="true"]').count()).resolves.toBe(0);
    // The clicked node is not hidden under the drawer.
    const drawerBox = await boxOf(drawer);
    const nodeBox = await boxOf(node);
    expect(nodeBox.x + nodeBox.width).toBeLessThanOrEqual(drawerBox.x + 1);

    // Fitting with the drawer open keeps every node beside it.
    await page.getByTestId('canvas-fit').click();
    const canvas = await boxOf(canvasEl);
    const free = { ...canvas, width: drawerBox.x - canvas.x };
    await expect.poll(() => nodesOutside(page, free, 13), { timeout: 10_000 }).toBe(0);
    await page.screenshot({ path: '/tmp/arbor-canvas-template-drawer.png' });
    expect(await seriousViolations(page)).toEqual([]);

    await drawer.getByRole('button', { name: communityEn.nodeDrawer.close }).click();
    await drawer.waitFor({ state: 'detached' });

    // Using the template gives the reader's tree its own copy of the image, shown on the node.
    await page.getByRole('button', { name: communityEn.detail.use }).click();
    await page.waitForURL(/\/trees\/[0-9a-f-]{36}$/);
    const thumb = page.locator('.react-flow__node[data-id="n4"] img');
    await thumb.waitFor();
    expect(await thumb.getAttribute('src')).not.toBe(image.url);
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await close();
  });

  it('reaches Share through the toolbar\'s "more" menu on a 390 px phone, by touch and by keyboard', async () => {
    const tree = await createTree(`Phone ${Date.now().toString(36)}`);
    const { page, errors, close } = await openAs(owner, `/trees/${tree.uuid}`, {
      locale: 'en-US',
      width: 390,
      height: 844,
    });
    const toolbar = page.getByRole('toolbar', { name: treesEn.toolbar.label });
    await toolbar.waitFor();
    const more = page.getByRole('button', { name: treesEn.toolbar.more });
    await more.waitFor();
    await page.locator('.react-flow__node').first().waitFor();
    await page.getByTestId('save-status').waitFor();
    // Every toolbar control is on screen (none pushed past the right edge).
    const rights = await toolbar
      .locator('button, a, input')
      .evaluateAll((els) =>
        els.filter((el) => (el as HTMLElement).offsetParent !== null).map((el) => el.getBoundingClientRect().right),
      );
    expect(rights.length).toBeGreaterThan(3);
    for (const right of rights) expect(right).toBeLessThanOrEqual(390);
    await page.screenshot({ path: '/tmp/arbor-canvas-phone-toolbar.png' });

    // Touch: open the menu, Share is there and opens the share dialog.
    await more.click();
    const share = page.getByRole('menuitem', { name: communityEn.share.action });
    await share.waitFor();
    await page.screenshot({ path: '/tmp/arbor-canvas-phone-more.png' });
    await share.click();
    const dialog = page.getByRole('dialog', { name: communityEn.share.dialogTitle });
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Keyboard, on a fresh page: focus the menu button, open it with Enter, arrow down to Share, Enter.
    await page.reload();
    await page.locator('.react-flow__node').first().waitFor();
    await more.focus();
    await page.keyboard.press('Enter');
    await share.waitFor();
    for (let i = 0; i < 20 && !(await share.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press('ArrowDown');
    }
    await expect(share.evaluate((el) => el === document.activeElement)).resolves.toBe(true);
    await page.keyboard.press('Enter');
    await dialog.waitFor();
    expect(errors).toEqual([]);
    await close();
  });

  it('names the zoom controls, nodes and links in the UI language (zh-CN)', async () => {
    const tree = await createTree(`名字 ${Date.now().toString(36)}`);
    const { page, errors, close } = await openAs(owner, `/trees/${tree.uuid}`, {
      locale: 'zh-CN',
      width: 1280,
      height: 860,
    });
    const canvas = page.getByTestId('tree-canvas');
    await canvas.locator('.react-flow__node').first().waitFor();
    for (const name of [treesZh.canvas.zoomIn, treesZh.canvas.zoomOut, treesZh.canvas.fit, treesZh.toolbar.minimap]) {
      await canvas.getByRole('button', { name, exact: true }).waitFor();
    }
    const labels = await canvas
      .locator('[aria-label]')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label') ?? ''));
    for (const english of ['Zoom In', 'Zoom Out', 'Fit View', 'Toggle Interactivity', 'Mini Map', 'Control Panel']) {
      expect(labels).not.toContain(english);
    }
    expect(labels.filter((label) => label.startsWith('Edge from'))).toEqual([]);
    // Links and tree edges are named by the titles of their nodes.
    expect(labels).toContain(
      treesZh.canvas.edgePrerequisite.replace('{{source}}', 'Skill 4').replace('{{target}}', 'Skill 20'),
    );
    expect(labels).toContain(treesZh.canvas.edgeChild.replace('{{parent}}', 'Skill 1').replace('{{child}}', 'Skill 4'));
    // The node's box is named by its title.
    await expect(canvas.locator('.react-flow__node[data-id="n4"]').getAttribute('aria-label')).resolves.toBe('Skill 4');
    expect(errors).toEqual([]);
    await close();
  });
});
