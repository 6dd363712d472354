// @lane shared
// Rich text through the browser's real contenteditable: typing is the browser's, formatting
// is the editor's commands; what the person makes with the keys and the formatting toolbar
// is stored in the run format, exactly as the renderer takes it, and shows the same again
// after undo and redo.
import type { Frame, Page } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { editorBrowser, firstSave, insertMergeTag } from './support/integrator-page';
import { waitFor } from './support/stack';

const lastText = (page: Page) => page.evaluate(async () => (await (window as any).editor.getDesign()).body.rows.at(-1).columns[0].blocks[0].content);

async function press(page: Page, key: string, times: number) {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
}

async function selectBack(page: Page, characters: number) {
  await page.keyboard.down('Shift');
  await press(page, 'ArrowLeft', characters);
  await page.keyboard.up('Shift');
}

const formatting = (frame: Frame) => frame.getByRole('toolbar', { name: 'Text formatting' });

describe('rich text in a real browser', () => {
  const browser = editorBrowser();

  it('stores lists, links, colour and merge tags typed with the toolbar in the run format, and exports them', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'formatter', { template: exampleDesign('email') });
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');

    await page.keyboard.type('Dear ');
    await insertMergeTag(frame, '{{contact.first_name}}');
    await page.keyboard.type(', two things:');
    await page.keyboard.press('Enter');
    await formatting(frame).getByRole('button', { name: 'Bulleted list' }).click();
    await page.keyboard.type('linen');
    await page.keyboard.press('Enter');
    await page.keyboard.type('jackets');
    // A second Enter on an empty item leaves the list.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Read our guide in red.');

    await press(page, 'ArrowLeft', 1);
    await selectBack(page, 3);
    // The colour field takes the focus; the colour goes to the text's selection, which gets the focus back.
    await formatting(frame).getByLabel('Text colour').fill('#c81e1e');
    await page.keyboard.press('Control+End');
    await press(page, 'ArrowLeft', ' in red.'.length);
    await selectBack(page, 'guide'.length);
    await formatting(frame).getByRole('button', { name: 'Link', exact: true }).click();
    await frame.getByLabel('Link address').fill('https://northwind.example/guide');
    await frame.getByRole('button', { name: 'Apply link' }).click();

    const expected = [
      { type: 'paragraph', content: [{ text: 'Dear {{contact.first_name}}, two things:' }] },
      { type: 'list', ordered: false, items: [[{ text: 'linen' }], [{ text: 'jackets' }]] },
      {
        type: 'paragraph',
        content: [{ text: 'Read our ' }, { text: 'guide', href: 'https://northwind.example/guide' }, { text: ' in ' }, { text: 'red', color: '#c81e1e' }, { text: '.' }],
      },
    ];
    await waitFor('the formatted text in the design', async () => JSON.stringify(await lastText(page)) === JSON.stringify(expected));

    // Undo and redo write the element from the runs; what it shows then reads back the same.
    await page.keyboard.press('Control+z');
    await waitFor('the link undone', async () => !JSON.stringify(await lastText(page)).includes('northwind.example'));
    await page.keyboard.press('Control+Shift+z');
    await waitFor('the link back', async () => JSON.stringify(await lastText(page)) === JSON.stringify(expected));
    const editable = frame.getByRole('textbox', { name: 'Text', exact: true }).last();
    expect(await editable.locator('ul > li').allTextContents()).toEqual(['linen', 'jackets']);
    expect(await editable.locator('a').getAttribute('href')).toBe('https://northwind.example/guide');
    expect(await editable.getByText('red', { exact: true }).evaluate((node) => getComputedStyle(node).color)).toBe('rgb(200, 30, 30)');

    await page.keyboard.press('Control+s');
    const saved = await firstSave(page);
    const stored = await call('GET', `/embed/v1/users/formatter/designs/${saved.designId}`, { bearer: testKey });
    expect(stored.body.doc.body.rows.at(-1).columns[0].blocks[0].content).toEqual(expected);
    const exported = await call('POST', `/embed/v1/designs/${saved.designId}/export`, { bearer: testKey, body: { user: { id: 'formatter' }, merge: { contact: { first_name: 'Ada' } } } });
    expect(exported.status).toBe(200);
    expect(exported.body.html).toContain('Dear Ada, two things:');
    expect(exported.body.html).toMatch(/<ul[^>]*><li>linen<\/li><li>jackets<\/li><\/ul>/);
    expect(exported.body.html).toMatch(/<a href="https:\/\/northwind.example\/guide"[^>]*>guide<\/a>/);
    expect(exported.body.html).toMatch(/<span style="color:#c81e1e">red<\/span>/);
  });

  it('stores bold and italic from the keys and the toolbar, and undoes and redoes the typing around them', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'marker', { template: exampleDesign('email') });
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');

    await page.keyboard.type('Plain ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('bold');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' and ');
    await formatting(frame).getByRole('button', { name: 'Italic', exact: true }).click();
    await page.keyboard.type('slanted');
    await formatting(frame).getByRole('button', { name: 'Italic', exact: true }).click();
    const marked = [{ text: 'Plain ' }, { text: 'bold', bold: true }, { text: ' and ' }, { text: 'slanted', italic: true }];
    const paragraph = (content: unknown[]) => JSON.stringify([{ type: 'paragraph', content }]);
    await waitFor('bold and italic in the design', async () => JSON.stringify(await lastText(page)) === paragraph(marked));

    // A pause longer than the typing pause (1 s) ends the undo step.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await page.keyboard.type(' words');
    const more = [...marked, { text: ' words' }];
    await waitFor('the words typed after the pause', async () => JSON.stringify(await lastText(page)) === paragraph(more));

    const editable = frame.getByRole('textbox', { name: 'Text', exact: true }).last();
    await page.keyboard.press('Control+z');
    await waitFor('the typing after the pause undone', async () => JSON.stringify(await lastText(page)) === paragraph(marked));
    // The element shows the runs again (once the views have caught up with the design, which
    // getDesign() reads at once): the marks are elements, the undone words are gone.
    await waitFor('the undone words gone from the element', async () => (await editable.textContent()) === 'Plain bold and slanted');
    expect(await editable.locator('strong').allTextContents()).toEqual(['bold']);
    expect(await editable.locator('em').allTextContents()).toEqual(['slanted']);
    await page.keyboard.press('Control+Shift+z');
    await waitFor('the typing redone', async () => JSON.stringify(await lastText(page)) === paragraph(more));
    await waitFor('the redone words in the element', async () => (await editable.textContent()) === 'Plain bold and slanted words');

    // The text written again by redo takes more typing, read back as runs like any other.
    await editable.press('End');
    await page.keyboard.type('!');
    await waitFor('typing after redo', async () => JSON.stringify(await lastText(page)) === paragraph([...marked, { text: ' words!' }]));
  });

  it('shows an undo made before the views have caught up with the typing', async () => {
    // A loaded machine may paint late: the other views hear of typing only after a paint, and
    // an undo can come first. The text then shows the undone content all the same.
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'hurried', { template: exampleDesign('email') });
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('Kept');
    const paragraph = (text: string) => JSON.stringify([{ type: 'paragraph', content: [{ text }] }]);
    await waitFor('the first words in the design', async () => JSON.stringify(await lastText(page)) === paragraph('Kept'));
    const editable = frame.getByRole('textbox', { name: 'Text', exact: true }).last();
    await waitFor('the first words in the element', async () => (await editable.textContent()) === 'Kept');
    await new Promise((resolve) => setTimeout(resolve, 1500));

    // No frame is painted from here until the undo is done: the views stay behind the typing.
    await frame.evaluate(() => {
      const held: FrameRequestCallback[] = [];
      (window as any).heldFrames = held;
      (window as any).paintFrame = window.requestAnimationFrame;
      window.requestAnimationFrame = (callback) => held.push(callback);
    });
    await page.keyboard.type(' words');
    await waitFor('the words typed in the design', async () => JSON.stringify(await lastText(page)) === paragraph('Kept words'));
    await page.keyboard.press('Control+z');
    await waitFor('the typing undone in the design', async () => JSON.stringify(await lastText(page)) === paragraph('Kept'));
    await waitFor('the undone words gone from the element', async () => (await editable.textContent()) === 'Kept');
    await frame.evaluate(() => {
      window.requestAnimationFrame = (window as any).paintFrame;
      for (const callback of (window as any).heldFrames) window.requestAnimationFrame(callback);
    });
    await page.keyboard.press('Control+Shift+z');
    await waitFor('the redone words in the element', async () => (await editable.textContent()) === 'Kept words');
  });

  it('keeps every character typed at once after adding a text block, try after try', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'quick-typist', { template: exampleDesign('email') });
    const add = frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true });
    const tries = 20;
    for (let i = 0; i < tries; i++) {
      // No wait between the click and the keys: a person types as soon as the block is there.
      // (Focused after the paint, the new text lost its first keys to the button in about one try of ten.)
      await add.click();
      await page.keyboard.type(`Try ${i} typed`);
    }
    const texts = (doc: any) =>
      doc.body.rows.flatMap((row: any) => row.columns.flatMap((column: any) => column.blocks.filter((block: any) => block.type === 'text').map((block: any) => JSON.stringify(block.content))));
    const expected = Array.from({ length: tries }, (_, i) => JSON.stringify([{ type: 'paragraph', content: [{ text: `Try ${i} typed` }] }]));
    let last: string[] = [];
    await waitFor('every try typed whole', async () => {
      last = texts(await page.evaluate(() => (window as any).editor.getDesign())).filter((text: string) => text.includes('typed'));
      return JSON.stringify(last) === JSON.stringify(expected);
    }).catch((error) => {
      throw new Error(`${error.message}: ${last.join(' | ')}`);
    });
  });

  it('makes a numbered list and takes it back to lines', async () => {
    const { testKey } = newProject('email');
    const { page, frame } = await browser.editor(testKey, 'lister', { template: exampleDesign('email') });
    await frame.getByRole('toolbar', { name: 'Blocks' }).getByRole('button', { name: 'Text', exact: true }).click();
    await waitFor('the focus in the new block', async () => (await frame.evaluate(() => document.activeElement?.getAttribute('aria-label'))) === 'Text');
    await page.keyboard.type('first');
    await page.keyboard.press('Enter');
    await page.keyboard.type('second');
    await page.keyboard.press('Control+a');
    await formatting(frame).getByRole('button', { name: 'Numbered list' }).click();
    await waitFor('a numbered list', async () => JSON.stringify(await lastText(page)) === JSON.stringify([{ type: 'list', ordered: true, items: [[{ text: 'first' }], [{ text: 'second' }]] }]));
    await formatting(frame).getByRole('button', { name: 'Numbered list' }).click();
    // The items become the paragraphs they were.
    const lines = [{ type: 'paragraph', content: [{ text: 'first' }] }, { type: 'paragraph', content: [{ text: 'second' }] }];
    await waitFor('paragraphs again', async () => JSON.stringify(await lastText(page)) === JSON.stringify(lines));
    expect(await frame.getByRole('textbox', { name: 'Text', exact: true }).last().locator('ol, li').count()).toBe(0);
  });
});
