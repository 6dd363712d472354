// @lane shared
// Merge tags the integrator defines at mount (issue 30, "What integrators configure"), in
// real Chromium against the real stack: grouped and searchable in a menu that stays in the
// frame, shown by their labels on the canvas, saved as written, and previewed with their samples.
import path from 'node:path';
import type { Frame, Locator, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorEvents } from './support/integrator-page';
import { focusAsPopupsAppeared, noteFocusAsPopupsAppear } from './support/keyboard-focus';
import { waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('merge-tags');

/** A screenshot of what a test shows, to be looked at, when E2E_SHOTS names a folder for them. */
async function shot(page: Page, name: string): Promise<void> {
  if (process.env.E2E_SHOTS) await page.screenshot({ path: path.join(process.env.E2E_SHOTS, `${name}.png`) });
}

/**
 * Whether the element lies inside the frame's viewport, and which of its corners (2 px in)
 * something else covers or clips: an ancestor that scrolls cuts off a popup whose box
 * still reads whole.
 */
function uncoveredCorners(frame: Frame, selector: string): Promise<{ inViewport: boolean; covered: string[] }> {
  return frame.evaluate((css) => {
    const element = document.querySelector(css)!;
    const box = element.getBoundingClientRect();
    const root = document.documentElement;
    const inViewport = box.left >= 0 && box.top >= 0 && box.right <= root.clientWidth && box.bottom <= root.clientHeight;
    const corners: [string, number, number][] = [
      ['top left', box.left + 2, box.top + 2],
      ['top right', box.right - 2, box.top + 2],
      ['bottom left', box.left + 2, box.bottom - 2],
      ['bottom right', box.right - 2, box.bottom - 2],
    ];
    const covered = corners.filter(([, x, y]) => !element.contains(document.elementFromPoint(x, y))).map(([name]) => name);
    return { inViewport, covered };
  }, selector);
}

const MERGE_TAGS = [
  { tag: '{{contact.plan}}', label: 'Plan', sample: 'Gold', group: 'Account' },
  { tag: 'contact.city', label: 'City', sample: 'Lyon', group: 'Address' },
  { tag: '{{order.total}}', label: 'Order total', sample: '$42.00', group: 'Order' },
  { tag: '{{one}} {{two}}', label: 'Not one tag' },
];

describe('merge tags the integrator defines', () => {
  const browser = editorBrowser();

  it('offers them grouped and searchable by label, shows chips by label, saves them as written, and previews their samples', async () => {
    const { testKey } = newProject('email');
    await browser.page.addInitScript(noteFocusAsPopupsAppear);
    const { page, frame } = await browser.editor(testKey, 'tagger', { template: exampleDesign('email'), mergeTags: MERGE_TAGS });
    // What the editor left out, it names.
    await waitFor('the refused entry told', async () => (await editorEvents(page, 'error')).length > 0);
    expect(await editorEvents(page, 'error')).toEqual([{ code: 'options_invalid', message: 'mergeTags[3].tag must be one merge tag, {{name}} with 1 to 200 characters and no braces inside' }]);

    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Your plan: ');
    await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).click();
    const menu = frame.getByRole('menu', { name: 'Merge tags' });
    await menu.waitFor();
    // The tags the service fills itself stay, after the integrator's, in a group of their own.
    expect(await menu.getByRole('group').evaluateAll((groups) => groups.map((group) => group.getAttribute('aria-label')))).toEqual(['Account', 'Address', 'Order', 'Standard tags']);
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      'Plan {{contact.plan}}',
      'City {{contact.city}}',
      'Order total {{order.total}}',
      'First name {{contact.first_name}}',
      'Last name {{contact.last_name}}',
      'Email address {{contact.email}}',
      'Unsubscribe link address {{unsubscribe_url}}',
      'Preferences link address {{preferences_url}}',
    ]);
    // The whole popup is inside the frame, however near its edge the button is.
    const popup = await frame.locator('.merge-tag-popup').boundingBox();
    const frameBox = await page.locator('#editor iframe').boundingBox();
    expect(popup!.x + popup!.width).toBeLessThanOrEqual(frameBox!.x + frameBox!.width);
    expect(popup!.y + popup!.height).toBeLessThanOrEqual(frameBox!.y + frameBox!.height);
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, 'merge-tag-menu');
    await page.screenshot({ path: `${SHOTS}/merge-tags-menu-1280.png` });

    // The first item has the focus; typing searches.
    await waitFor('the first item focused', async () => frame.evaluate(() => document.activeElement?.textContent === 'Plan {{contact.plan}}'));
    await page.keyboard.type('pla');
    expect(await frame.getByRole('searchbox', { name: 'Search merge tags' }).inputValue()).toBe('pla');
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual(['Plan {{contact.plan}}']);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    await page.keyboard.type(' in ');
    await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).click();
    await frame.getByRole('searchbox', { name: 'Search merge tags' }).fill('address');
    await frame.getByRole('menuitem', { name: /^City/ }).click();

    const chip = frame.locator('[data-merge-tag="{{contact.plan}}"]');
    expect(await chip.getAttribute('data-label')).toBe('Plan');
    // The label is what the chip shows, at a size to read.
    expect(await chip.evaluate((element) => [getComputedStyle(element, '::before').content, parseFloat(getComputedStyle(element, '::before').fontSize) >= 12])).toEqual(['"Plan"', true]);
    expect(await frame.locator('[data-merge-tag="{{contact.city}}"]').getAttribute('data-label')).toBe('City');
    const design = await waitFor('the tags in the design', async () => {
      const doc = await page.evaluate(() => (window as any).editor.getDesign());
      return JSON.stringify(doc).includes('Your plan: {{contact.plan}} in {{contact.city}}') && doc;
    });
    await shot(page, 'merge-tag-chips');
    const saved = await page.evaluate(() => (window as any).editor.save());
    const stored = await call('GET', `/embed/v1/users/tagger/designs/${saved.designId}`, { bearer: testKey });
    expect(JSON.stringify(stored.body.doc)).toContain('Your plan: {{contact.plan}} in {{contact.city}}');
    expect(stored.body.doc).toEqual(design);

    await frame.getByRole('button', { name: 'Desktop preview', exact: true }).click();
    const preview = frame.getByRole('dialog', { name: 'Desktop preview' });
    const rendered = preview.frameLocator('iframe');
    await rendered.getByText('Your plan: {{contact.plan}} in {{contact.city}}').waitFor();
    await preview.getByRole('switch', { name: 'Preview with sample data' }).check();
    await rendered.getByText('Your plan: Gold in Lyon').waitFor();
    expect(await seriousViolations(frame)).toEqual([]);
    await shot(page, 'merge-tag-samples');

    // On a phone's width (the format bar scrolls sideways there), the menu opens whole
    // inside the frame, nothing of it cut off, and both pointer and keyboard choose from it.
    await preview.getByRole('button', { name: 'Close' }).click();
    await page.setViewportSize({ width: 390, height: 844 });
    await frame.locator('[contenteditable]').last().focus();
    await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).click();
    await menu.getByRole('menuitem', { name: /^Unsubscribe link address/ }).waitFor();
    await page.screenshot({ path: `${SHOTS}/merge-tags-menu-390.png` });
    expect(await uncoveredCorners(frame, '.merge-tag-popup')).toEqual({ inViewport: true, covered: [] });
    expect(await seriousViolations(frame)).toEqual([]);
    await menu.getByRole('menuitem', { name: /^Order total/ }).click({ trial: true, timeout: 2000 });
    await menu.getByRole('menuitem', { name: /^Order total/ }).click();
    await menu.waitFor({ state: 'detached' });
    await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).press('ArrowDown');
    // Each key once the menu has taken the one before (a loaded machine opens it later than a key press).
    const focused = (item: Locator) => waitFor('the item focused', () => item.evaluate((element) => element === element.ownerDocument.activeElement));
    await focused(menu.getByRole('menuitem').first());
    await page.keyboard.press('End');
    await focused(menu.getByRole('menuitem', { name: /^Preferences link address/ }));
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'detached' });
    // Every time the menu (or the preview) opened, it held the focus as it appeared: the first key pressed reached it.
    const appeared = await focusAsPopupsAppeared(frame);
    expect({ opened: appeared.length >= 4, withoutFocus: appeared.filter((focused) => !focused).length }).toEqual({ opened: true, withoutFocus: 0 });
    const count = (text: string, tag: string) => text.split(tag).length - 1;
    await waitFor('both tags in the design', async () => {
      const text = JSON.stringify(await page.evaluate(() => (window as any).editor.getDesign()));
      return count(text, '{{order.total}}') === 1 && count(text, '{{preferences_url}}') === count(JSON.stringify(design), '{{preferences_url}}') + 1;
    });

    // A press outside the open menu, just under it, closes it and puts nothing in.
    const before = JSON.stringify(await page.evaluate(() => (window as any).editor.getDesign()));
    await frame.getByRole('toolbar', { name: 'Text formatting' }).getByRole('button', { name: 'Merge tag' }).click();
    const opened = (await frame.locator('.merge-tag-popup').boundingBox())!;
    await page.mouse.click(opened.x + 10, opened.y + opened.height + 12);
    await menu.waitFor({ state: 'detached' });
    expect(JSON.stringify(await page.evaluate(() => (window as any).editor.getDesign()))).toBe(before);
  });
});
