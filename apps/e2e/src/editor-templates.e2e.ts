// @lane shared
// The project's templates in the editor (issue 32): a new design starts with a gallery of
// them (thumbnails, names and a blank choice), used with the keyboard, and
// `EmbedEditor.mount({templateId})` starts from one. Before them, the editor opened every
// new design blank, and mount refused nothing it did not know.
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Frame } from 'playwright-core';
import { call, exampleDesign, newProject } from './support/api';
import { seriousViolations } from './support/axe';
import { DemoSite, designInAddress, openDemo } from './support/demo-site';
import { editorBrowser, editorEvents, editorFrame, firstSave, mountEditor } from './support/integrator-page';
import { focusAsPopupsAppeared, noteFocusAsPopupsAppear } from './support/keyboard-focus';
import { seedDemoLibrary } from './support/demo-library';
import { repoRoot, waitFor } from './support/stack';
import { shotsFolder } from './support/shots';

jest.setTimeout(120_000);

const SHOTS = shotsFolder('templates');
const welcome = JSON.parse(readFileSync(path.join(repoRoot, 'apps/editor-demo/templates/welcome.json'), 'utf8'));

async function createTemplate(key: string, name: string, doc: object): Promise<{ id: string }> {
  const answer = await call('POST', '/embed/v1/templates', { bearer: key, body: { name, doc } });
  if (answer.status !== 201) throw new Error(`template: ${answer.status} ${answer.text}`);
  return answer.body;
}

/** A project with the two templates of the demo, the welcome email made last (so listed first). */
async function projectWithTemplates() {
  const project = newProject('email');
  const newsletter = await createTemplate(project.testKey, 'Spring newsletter', exampleDesign('email'));
  const welcomeEmail = await createTemplate(project.testKey, 'Welcome email', welcome);
  return { ...project, newsletter, welcomeEmail };
}

/** Words the canvas shows (merge tags are shown as chips, so only the words around them). */
const onCanvas = (frame: Frame, words: string) => frame.getByRole('main').getByText(words).first();

const gallery = (frame: Frame) => frame.getByRole('dialog', { name: 'Start a new design' });

/** The design as the service stored it once the editor's first save came. */
async function savedDesign(key: string, userId: string, designId: string) {
  const answer = await call('GET', `/embed/v1/users/${userId}/designs/${designId}`, { bearer: key });
  expect(answer.status).toBe(200);
  return answer.body;
}

describe('templates in the editor', () => {
  const browser = editorBrowser();

  it('offers a new design the project’s templates with thumbnails and a blank choice, keyboard first and axe clean; Enter on one starts from it', async () => {
    const { testKey } = await projectWithTemplates();
    const { page, frame } = await browser.editor(testKey, 'gallery');
    const dialog = gallery(frame);
    await dialog.waitFor();
    const choices = dialog.getByRole('list', { name: 'Templates' }).getByRole('button');
    expect(await choices.allTextContents()).toEqual(['Blank design', 'Welcome email', 'Spring newsletter']);
    // The thumbnails the renderer made have loaded: real pictures, not broken images.
    const thumbnails = dialog.locator('img.template-thumbnail');
    await waitFor('the thumbnails', async () => (await thumbnails.evaluateAll((images) => images.every((image) => (image as HTMLImageElement).naturalWidth >= 600))) || false);
    expect(await thumbnails.count()).toBe(2);
    expect(await seriousViolations(frame)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, 'template-gallery.png') });

    // The blank choice has the focus; Tab goes on to the newest template, Enter takes it.
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Blank design');
    await page.keyboard.press('Tab');
    expect(await frame.evaluate(() => document.activeElement?.textContent)).toBe('Welcome email');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await onCanvas(frame, 'Welcome aboard').waitFor();
    expect(await frame.getByRole('textbox', { name: 'Design name' }).inputValue()).toBe('Welcome email');
    await page.screenshot({ path: path.join(SHOTS, 'template-taken.png') });

    // What the canvas shows is what is saved: the template's document, as a new design of the person.
    await page.keyboard.press('Control+s');
    const { designId } = await firstSave(page);
    const saved = await savedDesign(testKey, 'gallery', designId);
    expect(saved).toMatchObject({ name: 'Welcome email', mode: 'email' });
    expect(saved.doc.body).toEqual(welcome.body);
    expect(saved.doc.settings).toEqual(welcome.settings);
  });

  it('starts blank on the blank choice or Escape, changing nothing', async () => {
    const { testKey } = await projectWithTemplates();
    await browser.open({ key: testKey, userId: 'blank' });
    const { page } = browser;
    await page.addInitScript(noteFocusAsPopupsAppear);
    for (const close of ['click', 'Escape']) {
      expect(await mountEditor(page)).toEqual({ ok: true });
      const frame = await editorFrame(page);
      const blank = await page.evaluate(() => (window as any).editor.getDesign());
      await gallery(frame).waitFor();
      // Escape pressed as the gallery appears reaches it: it has the focus from the start.
      expect(await focusAsPopupsAppeared(frame)).toEqual([true]);
      if (close === 'click') await frame.getByRole('button', { name: 'Blank design' }).click();
      else await page.keyboard.press('Escape');
      await gallery(frame).waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as any).editor.getDesign())).toEqual(blank);
      expect(await editorEvents(page, 'change')).toEqual([]);
      await page.evaluate(() => (window as any).editor.destroy());
    }
  });

  it('starts from the template mount names with templateId, without the gallery; an unknown one fails the mount', async () => {
    const { testKey, newsletter } = await projectWithTemplates();
    const { page, frame } = await browser.editor(testKey, 'named', { templateId: newsletter.id });
    await onCanvas(frame, 'spring is in the air').waitFor();
    expect(await gallery(frame).count()).toBe(0);
    expect(await frame.getByRole('textbox', { name: 'Design name' }).inputValue()).toBe('Spring newsletter');
    const saved = await page.evaluate(() => (window as any).editor.save());
    expect((await savedDesign(testKey, 'named', saved.designId)).doc.body).toEqual(exampleDesign('email').body);
    await page.evaluate(() => (window as any).editor.destroy());

    expect(await mountEditor(page, { templateId: `tpl_${'0'.repeat(26)}` })).toMatchObject({ ok: false, error: { code: 'template_not_found' } });
    expect(await mountEditor(page, { templateId: 'welcome' })).toMatchObject({ ok: false, error: { code: 'options_invalid' } });
  });

  it('shows no gallery when the project has no templates, or when the page opens a design', async () => {
    const { testKey } = newProject('email');
    await browser.open({ key: testKey, userId: 'plain' });
    const { page } = browser;
    const listed = page.waitForResponse((response) => new URL(response.url()).pathname === '/editor/v1/templates');
    expect(await mountEditor(page)).toEqual({ ok: true });
    const frame = await editorFrame(page);
    expect(await (await listed).json()).toEqual({ templates: [], nextCursor: null });
    await frame.getByRole('toolbar', { name: 'Blocks' }).waitFor();
    await frame.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await gallery(frame).count()).toBe(0);

    const withTemplates = await projectWithTemplates();
    await browser.open({ key: withTemplates.testKey, userId: 'opener' });
    expect(await mountEditor(browser.page)).toEqual({ ok: true });
    const first = await editorFrame(browser.page);
    await gallery(first).getByRole('button', { name: 'Spring newsletter' }).click();
    await onCanvas(first, 'spring is in the air').waitFor();
    const { designId } = await browser.page.evaluate(() => (window as any).editor.save());
    await browser.page.evaluate(() => (window as any).editor.destroy());
    expect(await mountEditor(browser.page, { designId })).toEqual({ ok: true });
    const reopened = await editorFrame(browser.page);
    await onCanvas(reopened, 'spring is in the air').waitFor();
    expect(await gallery(reopened).count()).toBe(0);
  });

  it('lets a person of the demo site (npm start) start from one of the two templates it seeds', async () => {
    const demo = await DemoSite.start('demo-templates');
    try {
      seedDemoLibrary(demo.project.testKey);
      const { page } = browser;
      await openDemo(page, demo, '/?new=blank');
      const frame = await editorFrame(page);
      const dialog = gallery(frame);
      await dialog.waitFor();
      expect(await dialog.getByRole('list', { name: 'Templates' }).getByRole('button').allTextContents()).toEqual(['Blank design', 'Welcome email', 'Spring newsletter']);
      await page.screenshot({ path: path.join(SHOTS, 'demo-gallery.png') });
      await dialog.getByRole('button', { name: 'Spring newsletter' }).click();
      await onCanvas(frame, 'spring is in the air').waitFor();
      await page.keyboard.press('Control+s');
      const designId = await designInAddress(page);
      expect((await savedDesign(demo.project.testKey, 'demo-templates', designId)).doc.body).toEqual(exampleDesign('email').body);
    } finally {
      await demo.stop();
    }
  });
});
