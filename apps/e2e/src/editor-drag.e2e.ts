// @lane shared
// Drag and drop that deserves the name (issue 30), driven as a designer drives it: real
// pointer drags with Playwright's mouse (press, move in steps, release), never dispatched
// events, checking the saved design after each; and the same newsletter (logo, heading,
// text, two columns, button, divider, social, footer) built again with the keyboard alone.
import type { Locator, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { editorBrowser } from './support/integrator-page';
import { waitFor } from './support/stack';
import { focused, pressUntil } from './support/keyboard-focus';
import { shotsFolder } from './support/shots';

const SHOTS = shotsFolder('drag');

/**
 * A point in the page (the frame's boxes are in the page's coordinates): in `target`'s box,
 * at fractions of its width and height, once it is scrolled to the middle of the canvas as
 * a person would (outside the frame the pointer's moves never reach the editor, and near
 * the canvas's edges the canvas scrolls under it).
 */
async function pointIn(target: Locator, fx = 0.5, fy = 0.5, scroll = true): Promise<{ x: number; y: number }> {
  if (scroll) await target.evaluate((element) => element.scrollIntoView({ block: 'center' }));
  const box = await target.boundingBox();
  if (!box) throw new Error('the drag target is not shown');
  return { x: box.x + box.width * fx, y: box.y + box.height * fy };
}

/** Presses on `from`, moves to `to` in steps as a hand does, and releases; `shot` names a screenshot taken just before the release. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, shot?: string, shots = SHOTS): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 8, from.y + 8, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  if (shot) await page.screenshot({ path: `${shots}/${shot}.png` });
  await page.mouse.up();
}

/** The design as the service has it, saved now through the SDK (`editor.save()`). */
async function saved(page: Page, key: string, userId: string): Promise<any> {
  const { designId } = await page.evaluate(() => (window as any).editor.save());
  const answer = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key });
  expect(answer.status).toBe(200);
  return answer.body.doc;
}

/** Each row's columns as the block types they hold, `|` between columns: `image,heading` or `text|image`. */
const layout = (doc: any): string[] => doc.body.rows.map((row: any) => row.columns.map((column: any) => column.blocks.map((block: any) => block.type).join(',')).join('|'));

const NEWSLETTER = ['image,heading,text', 'text|image', 'button,divider,social,text'];


describe('drag and drop on the canvas', () => {
  const browser = editorBrowser();

  it('builds the newsletter from nothing by dragging alone, then moves blocks, columns and rows by dragging, the design saved after each drop', async () => {
    const { testKey } = newProject('email');
    const userId = 'dragger';
    const { page, frame } = await browser.editor(testKey, userId);
    const blocks = frame.getByRole('toolbar', { name: 'Blocks' });
    const layouts = frame.getByRole('toolbar', { name: 'Row layouts' });
    const tool = (name: string) => pointIn(blocks.getByRole('button', { name, exact: true }));
    const layoutTool = (name: string) => pointIn(layouts.getByRole('button', { name, exact: true }));
    const row = (r: number) => frame.locator(`[data-row="${r}"]`);
    const column = (r: number, c: number) => frame.locator(`[data-column="${r}.${c}"]`);
    const block = (path: string) => frame.locator(`[data-block-path="${path}"]`);
    /** A block is dragged by its handle, which shows once the block is selected (a press in a text selects text). */
    const handleOf = async (path: string) => {
      await block(path).click({ position: { x: 30, y: 4 } });
      return pointIn(block(path).locator('.block-handle'));
    };
    const canvas = frame.locator('main.canvas');
    const rowToTop = async () => {
      const from = await pointIn(frame.locator('[data-row-handle="2"]'));
      const top = await pointIn(canvas, 0.5, 0, false);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(top.x, top.y + 10, { steps: 12 });
      await waitFor('the canvas scrolled to its top', async () => (await canvas.evaluate((element) => element.scrollTop)) === 0);
      const to = await pointIn(row(0), 0.5, 0.05, false);
      await page.mouse.move(to.x, to.y, { steps: 4 });
      await page.mouse.up();
    };
    // "Under" a block that ends its row is just past its middle, "above" one that starts it just before: a row's first and last 8 px are between rows (a row of its own).
    const steps: [string, () => Promise<void>, string[]][] = [
      ['the logo into the empty row', async () => drag(page, await tool('Image'), await pointIn(column(0, 0))), ['image']],
      ['a heading under it', async () => drag(page, await tool('Heading'), await pointIn(block('0.0.0'), 0.5, 0.55)), ['image,heading']],
      ['a text under the heading', async () => drag(page, await tool('Text'), await pointIn(block('0.0.1'), 0.5, 0.55)), ['image,heading,text']],
      ['two columns under the first row', async () => drag(page, await layoutTool('Two columns'), await pointIn(row(0), 0.5, 0.95), 'layout-between-rows'), ['image,heading,text', '|']],
      ['a text into the first column', async () => drag(page, await tool('Text'), await pointIn(column(1, 0))), ['image,heading,text', 'text|']],
      ['an image into the second, empty column', async () => drag(page, await tool('Image'), await pointIn(column(1, 1)), 'block-into-empty-column'), ['image,heading,text', 'text|image']],
      ['one column at the end', async () => drag(page, await layoutTool('One column'), await pointIn(row(1), 0.5, 0.95)), ['image,heading,text', 'text|image', '']],
      ['a button into it', async () => drag(page, await tool('Button'), await pointIn(column(2, 0))), ['image,heading,text', 'text|image', 'button']],
      ['a divider under the button', async () => drag(page, await tool('Divider'), await pointIn(block('2.0.0'), 0.5, 0.55)), ['image,heading,text', 'text|image', 'button,divider']],
      ['social links under the divider', async () => drag(page, await tool('Social'), await pointIn(block('2.0.1'), 0.5, 0.55)), ['image,heading,text', 'text|image', 'button,divider,social']],
      ['the footer text last', async () => drag(page, await tool('Text'), await pointIn(block('2.0.2'), 0.5, 0.55)), NEWSLETTER],
      // Where the drag starts is in view; where it drops is read without scrolling again, or the start would have moved.
      ['the text above the heading, by its handle', async () => drag(page, await handleOf('0.0.2'), await pointIn(block('0.0.1'), 0.5, 0.1, false)), ['image,text,heading', 'text|image', 'button,divider,social,text']],
      ['the heading back above the text', async () => drag(page, await handleOf('0.0.2'), await pointIn(block('0.0.1'), 0.5, 0.1, false)), NEWSLETTER],
      ['the divider above the button, by its handle', async () => drag(page, await handleOf('2.0.1'), await pointIn(block('2.0.0'), 0.5, 0.45, false)), ['image,heading,text', 'text|image', 'divider,button,social,text']],
      ['the divider back under the button, by its body', async () => drag(page, await pointIn(block('2.0.0')), await pointIn(block('2.0.1'), 0.5, 0.9, false)), NEWSLETTER],
      ['the second column before the first, by its handle', async () => drag(page, await pointIn(frame.locator('[data-column-handle="1.1"]')), await pointIn(column(1, 0), 0.1, 0.5, false), 'column-move'), ['image,heading,text', 'image|text', 'button,divider,social,text']],
      ['the last row above the first, by its handle, the canvas scrolling up while the pointer waits at its top edge', rowToTop, ['button,divider,social,text', 'image,heading,text', 'image|text']],
    ];
    for (const [what, step, expected] of steps) {
      await step();
      expect({ what, layout: layout(await saved(page, testKey, userId)) }).toEqual({ what, layout: expected });
    }
    expect(await frame.locator('.drop-line').isHidden()).toBe(true);
    expect(await seriousViolations(frame)).toEqual([]);
  }, 240_000);

  it('shows a drop line, the dragged block by the pointer and the grabbing cursor mid-drag; Escape drops nothing', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    const { page, frame } = await browser.editor(testKey, 'watcher', { template });
    const from = await pointIn(frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Button', exact: true }));
    const to = await pointIn(frame.locator('[data-block-path="1.0.0"]'), 0.5, 0.9);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 12 });
    const line = frame.locator('.drop-line');
    await line.waitFor({ state: 'visible' });
    const lineBox = (await line.boundingBox())!;
    const blockBox = (await frame.locator('[data-block-path="1.0.0"]').boundingBox())!;
    // A horizontal line across the column, at the block's bottom edge.
    expect(lineBox.width).toBeGreaterThan(blockBox.width * 0.9);
    expect(Math.abs(lineBox.y + lineBox.height / 2 - (blockBox.y + blockBox.height))).toBeLessThan(8);
    expect(await frame.locator('.drag-ghost').textContent()).toBe('Button');
    expect(await frame.evaluate(() => getComputedStyle(document.body).cursor)).toBe('grabbing');
    await page.screenshot({ path: `${SHOTS}/drop-line-mid-drag.png` });
    expect(await seriousViolations(frame)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.mouse.up();
    expect(await line.isHidden()).toBe(true);
    expect(await frame.locator('.drag-ghost').count()).toBe(0);
    expect(await page.evaluate(() => (window as any).editor.getDesign())).toEqual(template);
  });

  it('scrolls the canvas while a drag is held near its bottom edge, and drops at the end of a long design', async () => {
    const { testKey } = newProject('email');
    const userId = 'scroller';
    const template = exampleDesign('email');
    // Three times its rows (without their ids, which must stay unique): a design taller than the canvas.
    const rows = template.body.rows.map(({ id: _id, ...row }: any) => row);
    template.body.rows = [...rows, ...rows, ...rows];
    const { page, frame } = await browser.editor(testKey, userId, { template });
    const canvas = frame.locator('main.canvas');
    const scrollTop = () => canvas.evaluate((element) => element.scrollTop);
    expect(await scrollTop()).toBe(0);
    const from = await pointIn(frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Divider', exact: true }));
    const edge = await pointIn(canvas, 0.5, 1);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(edge.x, edge.y - 10, { steps: 12 });
    await waitFor('the canvas scrolled to its end', async () => canvas.evaluate((element) => element.scrollTop > 0 && element.scrollTop + element.clientHeight >= element.scrollHeight - 1));
    const lastBlock = frame.locator(`[data-column="${template.body.rows.length - 1}.0"] > .block`).last();
    const drop = await pointIn(lastBlock, 0.5, 0.55);
    await page.mouse.move(drop.x, drop.y, { steps: 4 });
    await page.mouse.up();
    const doc = await saved(page, testKey, userId);
    expect(doc.body.rows.at(-1).columns[0].blocks.at(-1)).toEqual({ type: 'divider' });
    expect(doc.body.rows.at(-1).columns[0].blocks).toHaveLength(template.body.rows.at(-1).columns[0].blocks.length + 1);
  });

  it('still adds by a click: after the selected block, and into a selected empty column', async () => {
    const { testKey } = newProject('email');
    const userId = 'clicker';
    const { page, frame } = await browser.editor(testKey, userId);
    const layouts = frame.getByRole('toolbar', { name: 'Row layouts' });
    await layouts.getByRole('button', { name: 'One third, two thirds', exact: true }).click();
    expect((await saved(page, testKey, userId)).body.rows).toEqual([{ columns: [{ ratio: 1, blocks: [] }, { ratio: 2, blocks: [] }] }]);
    await frame.getByRole('button', { name: 'Column 2 of row 1', exact: true }).click();
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Button', exact: true }).click();
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Divider', exact: true }).click();
    expect(layout(await saved(page, testKey, userId))).toEqual(['|button,divider']);
  });
});

describe('the same with the keyboard alone', () => {
  const browser = editorBrowser();

  it('builds the newsletter from nothing with the keyboard, moves a block with the focus kept on it, and undo restores the selection', async () => {
    const { testKey } = newProject('email');
    const userId = 'keyboarder';
    const { page, frame } = await browser.editor(testKey, userId);
    const press = (key: string) => page.keyboard.press(key);
    const inToolbar = () => frame.evaluate(() => document.activeElement?.closest('[role="toolbar"]')?.getAttribute('aria-label') ?? null);
    /** To a toolbar's button: Alt+F10 from the canvas reaches the Blocks toolbar, Tab the next toolbar (each one tab stop), arrow keys inside. */
    const toolbarButton = async (toolbar: 'Blocks' | 'Row layouts', name: string) => {
      if ((await inToolbar()) === null) await press('Alt+F10');
      if ((await inToolbar()) !== toolbar) await press(toolbar === 'Blocks' ? 'Shift+Tab' : 'Tab');
      expect(await inToolbar()).toBe(toolbar);
      await pressUntil(page, frame, 'ArrowRight', `button:${name}`, 12);
    };
    const add = async (toolbar: 'Blocks' | 'Row layouts', name: string, text?: string) => {
      await toolbarButton(toolbar, name);
      await press('Enter');
      if (text === undefined) return;
      await waitFor('the focus in the new text', async () => (await focused(frame)).startsWith('textbox:'));
      await page.keyboard.type(text);
      await press('Escape');
    };
    const selectColumn = async (name: string) => {
      await pressUntil(page, frame, 'Tab', `button:${name}`, 60);
      await press('Enter');
    };

    // From the host page into the editor: the first Tab stops in the Blocks toolbar reach its first button.
    await press('Tab');
    await pressUntil(page, frame, 'Tab', 'button:Text');
    await add('Blocks', 'Image');
    await add('Blocks', 'Heading', 'Spring news');
    await add('Blocks', 'Text', 'What grew this month');
    await add('Row layouts', 'Two columns');
    await selectColumn('Column 1 of row 2');
    await add('Blocks', 'Text', 'Left');
    await selectColumn('Column 2 of row 2');
    await add('Blocks', 'Image');
    await add('Row layouts', 'One column');
    await add('Blocks', 'Button');
    await add('Blocks', 'Divider');
    await add('Blocks', 'Social');
    await add('Blocks', 'Text', 'Footer');
    expect(layout(await saved(page, testKey, userId))).toEqual(NEWSLETTER);

    // Alt+Up moves the heading above the logo, and the heading keeps the focus.
    await pressUntil(page, frame, 'Shift+Tab', 'group:Heading block, row 1, column 1, position 2', 60);
    await press('Alt+ArrowUp');
    await waitFor('the moved heading to keep the focus', async () => (await focused(frame)) === 'group:Heading block, row 1, column 1, position 1');
    // Down across rows, twice: it stays with the heading.
    await press('Alt+ArrowDown');
    await press('Alt+ArrowDown');
    await press('Alt+ArrowDown');
    await waitFor('the heading, now in row 2, to keep the focus', async () => (await focused(frame)) === 'group:Heading block, row 2, column 1, position 1');
    expect(layout(await saved(page, testKey, userId))).toEqual(['image,text', 'heading,text|image', 'button,divider,social,text']);
    // Another block selected, undo brings the move back and the selection with it.
    await pressUntil(page, frame, 'Shift+Tab', 'group:Text block, row 1, column 1, position 2');
    await press('Control+z');
    await waitFor('the heading selected again at its place before the last move', async () =>
      frame.locator('[data-block-path="0.0.2"]').evaluate((element) => element.classList.contains('selected') && element.getAttribute('aria-label')!.startsWith('Heading')),
    );
    await press('Control+z');
    await press('Control+z');
    await press('Control+z');
    expect(layout(await page.evaluate(() => (window as any).editor.getDesign()))).toEqual(NEWSLETTER);
    expect(await frame.locator('.block.selected').getAttribute('aria-label')).toBe('Heading block, row 1, column 1, position 2');
    expect(await seriousViolations(frame)).toEqual([]);
  }, 240_000);

  it('keeps the focus on a just-added text moved with Alt+Up, not on the block that came to sit where it was added', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'mover', { template: exampleDesign('email') });
    await frame.locator('[data-block-path="1.0.1"]').focus();
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the new text to take the focus', async () => (await focused(frame)) === 'textbox:Text');
    await page.keyboard.type('Added');
    await frame.locator('[data-block-path="1.0.2"]').focus();
    await page.keyboard.press('Alt+ArrowUp');
    // Once the views have settled (a focus taken late would show by then), the moved text still has it.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await focused(frame)).toBe('group:Text block, row 2, column 1, position 2');
    const moved = await page.evaluate(async () => (await (window as any).editor.getDesign()).body.rows[1].columns[0].blocks[1]);
    expect(JSON.stringify(moved)).toContain('Added');
  });

  it('gives the focus to the neighbour of a deleted block, and keeps each toolbar one tab stop', async () => {
    const { testKey } = newProject('email');
    const template = exampleDesign('email');
    const { page, frame } = await browser.editor(testKey, 'deleter', { template });
    await frame.locator('[data-block-path="1.0.1"]').focus();
    await page.keyboard.press('Delete');
    await waitFor('the next block to take the focus', async () => (await focused(frame)) === 'group:Text block, row 2, column 1, position 2');
    // The last block of the design: the one before it takes the focus.
    await frame.locator('[data-block-path="4.0.1"]').focus();
    await page.keyboard.press('Delete');
    await waitFor('the block before to take the focus', async () => (await focused(frame)) === 'group:Social block, row 5, column 1, position 1');

    const toolbars = await frame.getByRole('toolbar').all();
    for (const toolbar of toolbars) {
      const stops = await toolbar.evaluate((element) => [...element.querySelectorAll('button, input, select')].filter((control) => (control as HTMLElement).tabIndex === 0).length);
      expect({ toolbar: await toolbar.getAttribute('aria-label'), stops }).toEqual({ toolbar: await toolbar.getAttribute('aria-label'), stops: 1 });
    }
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).focus();
    await page.keyboard.press('ArrowRight');
    expect(await focused(frame)).toBe('button:Heading');
    await page.keyboard.press('Tab');
    expect(await focused(frame)).toBe('button:One column');
    await page.keyboard.press('Shift+Tab');
    expect(await focused(frame)).toBe('button:Heading');
  });
});

/** An email of three rows: text and heading; an image and a button (a third and two thirds); a divider. */
function threeRows(first: 'one column' | 'two columns'): any {
  const template = exampleDesign('email');
  const text = { type: 'text', content: [{ type: 'paragraph', content: [{ text: 'Welcome' }] }] };
  const heading = { type: 'heading', level: 2, content: [{ text: 'News' }] };
  template.body.rows = [
    { columns: first === 'one column' ? [{ blocks: [text, heading] }] : [{ blocks: [text] }, { blocks: [heading] }] },
    { columns: [{ ratio: 1, blocks: [{ type: 'image', src: 'https://example.com/logo.png', alt: 'Logo', width: 120 }] }, { ratio: 2, blocks: [{ type: 'button', text: 'Read', href: 'https://example.com' }] }] },
    { columns: [{ blocks: [{ type: 'divider' }] }] },
  ];
  return template;
}

/** A point just inside a row's top or bottom edge: between that row and its neighbour. */
async function rowEdge(row: Locator, edge: 'top' | 'bottom'): Promise<{ x: number; y: number }> {
  const box = (await row.boundingBox())!;
  return { x: box.x + box.width / 2, y: edge === 'top' ? box.y + 3 : box.y + box.height - 3 };
}

describe('moves across rows', () => {
  const browser = editorBrowser();

  it('makes a block dropped between rows a row of its own: from the toolbar, from the design, and with Alt+Shift+Up', async () => {
    const { testKey } = newProject('email');
    const userId = 'between';
    const { page, frame } = await browser.editor(testKey, userId, { template: threeRows('one column') });
    const row = (r: number) => frame.locator(`[data-row="${r}"]`);
    const block = (path: string) => frame.locator(`[data-block-path="${path}"]`);
    const spacer = await pointIn(frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Spacer', exact: true }));
    await row(1).scrollIntoViewIfNeeded();
    await drag(page, spacer, await rowEdge(row(1), 'top'), 'block-between-rows-1280', SHOTS);
    expect(layout(await saved(page, testKey, userId))).toEqual(['text,heading', 'spacer', 'image|button', 'divider']);

    await block('0.0.1').click({ position: { x: 30, y: 4 } });
    const handle = await pointIn(block('0.0.1').locator('.block-handle'));
    await drag(page, handle, await rowEdge(row(3), 'bottom'));
    expect(layout(await saved(page, testKey, userId))).toEqual(['text', 'spacer', 'image|button', 'divider', 'heading']);
    expect(await frame.locator('.block.selected').getAttribute('aria-label')).toBe('Heading block, row 5, column 1, position 1');

    await block('2.1.0').focus();
    await page.keyboard.press('Alt+Shift+ArrowUp');
    await waitFor('the button, in a row of its own, to keep the focus', async () => (await focused(frame)) === 'group:Button block, row 3, column 1, position 1');
    expect(layout(await saved(page, testKey, userId))).toEqual(['text', 'spacer', 'button', 'image|', 'divider', 'heading']);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/block-between-rows-390.png` });
    expect(await seriousViolations(frame)).toEqual([]);
  });

  it('moves a column into another row by its handle and with Alt+Down, widths kept, and undo restores both rows exactly', async () => {
    const { testKey } = newProject('email');
    const userId = 'columns';
    const template = threeRows('two columns');
    const { page, frame } = await browser.editor(testKey, userId, { template });
    const handle = await pointIn(frame.locator('[data-column-handle="1.1"]'));
    await drag(page, handle, await pointIn(frame.locator('[data-column="0.1"]'), 0.9, 0.5, false), 'column-into-row-1280', SHOTS);
    const moved = await saved(page, testKey, userId);
    expect(layout(moved)).toEqual(['text|heading|button', 'image', 'divider']);
    expect(moved.body.rows[0].columns.map((column: any) => column.ratio)).toEqual([undefined, undefined, 2]);
    await page.screenshot({ path: `${SHOTS}/column-into-row-after-1280.png` });

    await frame.locator('[data-column-handle="0.2"]').focus();
    await page.keyboard.press('Alt+ArrowDown');
    await waitFor('the column handle, in its new row, to keep the focus', async () => (await focused(frame)) === 'button:Column 2 of row 2');
    expect(await saved(page, testKey, userId)).toEqual(template);
    await page.keyboard.press('Control+z');
    expect(layout(await page.evaluate(() => (window as any).editor.getDesign()))).toEqual(['text|heading|button', 'image', 'divider']);
    await page.keyboard.press('Control+z');
    expect(await page.evaluate(() => (window as any).editor.getDesign())).toEqual(template);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/column-into-row-390.png` });
    expect(await seriousViolations(frame)).toEqual([]);
  });
});
