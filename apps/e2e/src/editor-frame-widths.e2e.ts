// @lane shared
// The editor in a phone-width embed (390 px) and a desktop's (1280 px), in real Chromium
// against the real stack, with the example newsletter: the bars, the property panel, the
// Rows and Checks panels each lie inside the frame with room to work, nothing scrolls the
// page sideways, no control is cut off by its panel, Save stays in sight, axe stays clean.
// Screenshots of each panel at both widths go to .local/shots/frame-widths.
import type { Frame, Page } from 'playwright-core';
import { exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser, editorFrame, mountEditor } from './support/integrator-page';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('frame-widths');

/** The editor's parts, by the CSS that finds each, and whether it may scroll sideways (the bars do on a phone). */
const PARTS: { name: string; css: string; scrollsSideways: boolean }[] = [
  { name: 'top bar', css: '.topbar', scrollsSideways: true },
  { name: 'Blocks toolbar', css: '.blocks-toolbar', scrollsSideways: true },
  { name: 'Row layouts toolbar', css: '.layouts-toolbar', scrollsSideways: true },
  { name: 'Text formatting toolbar', css: '.format-bar', scrollsSideways: true },
  { name: 'canvas', css: '.canvas', scrollsSideways: true },
  { name: 'property panel', css: '.properties', scrollsSideways: false },
  { name: 'Rows panel', css: '.rows-panel', scrollsSideways: false },
  { name: 'Checks panel', css: '.checks', scrollsSideways: false },
];

/**
 * What a designer would find broken in the frame's layout, in words: the page scrolling
 * sideways, a part past the frame's edge or too low to use, a panel that scrolls sideways
 * or cuts a control off, Save out of sight or covered.
 */
function layoutProblems(frame: Frame, minimums: Record<string, number>): Promise<string[]> {
  return frame.evaluate(
    ({ parts, minimums }) => {
      const problems: string[] = [];
      const root = document.documentElement;
      const width = root.clientWidth;
      const height = root.clientHeight;
      if (root.scrollWidth > width) problems.push(`the frame scrolls sideways: ${root.scrollWidth} px wide in ${width}`);
      if (root.scrollHeight > height) problems.push(`the frame scrolls: ${root.scrollHeight} px high in ${height}`);
      const inView = (box: DOMRect) => box.left >= 0 && box.top >= 0 && box.right <= width + 0.5 && box.bottom <= height + 0.5;
      for (const part of parts) {
        const element = document.querySelector<HTMLElement>(part.css);
        if (!element) {
          problems.push(`no ${part.name}`);
          continue;
        }
        const box = element.getBoundingClientRect();
        if (!inView(box)) problems.push(`the ${part.name} passes the frame's edge: ${JSON.stringify(box)}`);
        const least = minimums[part.name] ?? 0;
        if (box.height < least) problems.push(`the ${part.name} is ${Math.round(box.height)} px high, less than ${least}`);
        if (part.scrollsSideways) continue;
        if (element.scrollWidth > element.clientWidth) problems.push(`the ${part.name} scrolls sideways: ${element.scrollWidth} px in ${element.clientWidth}`);
        for (const control of element.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href], [tabindex="0"]')) {
          const own = control.getBoundingClientRect();
          if (own.width === 0 && own.height === 0) continue;
          const name = control.getAttribute('aria-label') ?? control.textContent?.trim() ?? control.tagName;
          if (own.left < box.left - 0.5 || own.right > box.right + 0.5) problems.push(`“${name}” in the ${part.name} is cut off at its side: ${Math.round(own.left)}–${Math.round(own.right)} in ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
      }
      const save = [...document.querySelectorAll<HTMLElement>('.topbar button')].find((button) => button.textContent === 'Save');
      const saveBox = save?.getBoundingClientRect();
      if (!save || !saveBox || !inView(saveBox)) problems.push('Save is out of sight');
      else if (!save.contains(document.elementFromPoint(saveBox.left + saveBox.width / 2, saveBox.top + saveBox.height / 2))) problems.push('Save is covered');
      return problems;
    },
    { parts: PARTS, minimums },
  );
}

/** The open dialog's box past the frame's edge, or a control of it cut off at its sides. */
function dialogProblems(frame: Frame): Promise<string[]> {
  return frame.evaluate(() => {
    const dialog = document.querySelector<HTMLElement>('[role="dialog"]')!;
    const box = dialog.getBoundingClientRect();
    const root = document.documentElement;
    const problems: string[] = [];
    if (root.scrollWidth > root.clientWidth) problems.push(`the frame scrolls sideways: ${root.scrollWidth} px wide in ${root.clientWidth}`);
    if (box.left < 0 || box.top < 0 || box.right > root.clientWidth || box.bottom > root.clientHeight) problems.push(`the dialog passes the frame's edge: ${JSON.stringify(box)}`);
    if (dialog.scrollWidth > dialog.clientWidth) problems.push(`the dialog scrolls sideways: ${dialog.scrollWidth} px in ${dialog.clientWidth}`);
    for (const control of dialog.querySelectorAll<HTMLElement>('button, input, select, textarea, a[href]')) {
      const own = control.getBoundingClientRect();
      if (own.width > 0 && (own.left < box.left - 0.5 || own.right > box.right + 0.5)) problems.push(`“${control.textContent?.trim() || control.getAttribute('aria-label')}” in the dialog is cut off at its side`);
    }
    return problems;
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.locator('#editor iframe').screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('the editor in a narrow frame and a wide one', () => {
  const browser = editorBrowser();

  it.each([
    // A phone's embed: the canvas and the property panel each keep a room to work in.
    { width: 390, height: 844, minimums: { canvas: 240, 'property panel': 140 } },
    { width: 1280, height: 900, minimums: { canvas: 400, 'property panel': 240 } },
  ])('at $width px, every part lies in the frame and each panel’s controls are whole', async ({ width, height, minimums }) => {
    const { testKey } = newProject('email');
    await browser.open({ key: testKey, userId: `widths-${width}` });
    const { page } = browser;
    await page.setViewportSize({ width, height });
    expect(await mountEditor(page, { template: exampleDesign('email') })).toEqual({ ok: true });
    const frame = await editorFrame(page);
    // What each step shows, looked at before the layout is judged: all the steps' problems are told at once.
    const problems: Record<string, string[]> = {};
    const step = async (name: string) => {
      await shot(page, `${name}-${width}`);
      problems[name] = await layoutProblems(frame, minimums);
    };
    await frame.getByRole('group', { name: 'Heading block, row 2, column 1, position 2' }).click();
    await frame.getByRole('complementary', { name: 'Properties' }).getByRole('heading', { name: 'heading' }).waitFor();
    await frame.getByRole('toolbar', { name: 'Text formatting' }).waitFor();
    await step('heading');

    await frame.getByRole('group', { name: 'Image block, row 3, column 1, position 1' }).click();
    await frame.getByRole('complementary', { name: 'Properties' }).getByRole('heading', { name: 'image' }).waitFor();
    await step('image');
    // The image library opens from the property panel: a dialog all inside the frame, whose controls are whole.
    await frame.getByRole('button', { name: 'Choose from library' }).click();
    const library = frame.getByRole('dialog', { name: 'Image library' });
    await library.waitFor();
    await shot(page, `image-library-${width}`);
    problems['image library'] = await dialogProblems(frame);
    await library.getByRole('button', { name: 'Close' }).click();

    await frame.getByRole('button', { name: 'Rows', exact: true }).click();
    await frame.getByRole('button', { name: /^Save row/ }).waitFor();
    await step('rows');

    await frame.getByRole('button', { name: 'Checks', exact: true }).click();
    await step('checks');
    expect(problems).toEqual({ heading: [], image: [], 'image library': [], rows: [], checks: [] });
    expect(await seriousViolations(frame)).toEqual([]);
  });
});
