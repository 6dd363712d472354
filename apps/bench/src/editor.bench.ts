import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Frame, type Page } from 'playwright-core';
import { render } from '@embed/render-core';
import { type Benchmark, line } from './benchmark';
import { bareEditableSite, grapesSite, integratorSite, type LocalSite } from './editor-pages';
import { productEmail, referenceEmail } from './reference-email';
import { benchStack } from './stack';
import { percentile } from './stats';

const WARM_LOADS = 7;
const KEY_PRESSES = 120;
/**
 * The pause between key presses: a fast typist's pace (120 words a minute, ten keys a second).
 * At 25 keys a second Chromium still draws frames on its 60 Hz clock when the next key comes,
 * so each waits up to a whole tick for its frame whatever the page does: a bare contenteditable
 * then measured 17.6 ms at p95, and the figure told the clock's phase, not the editor's work.
 */
const KEY_GAP_MS = 100;
/** Rows of four blocks: the typing bench's 500-block design. */
const TYPING_ROWS = 125;
/** How long a page may take to load or a step in it to answer: GrapesJS took over three minutes to load the 500-block design on a busy machine. */
const STEP_TIMEOUT_MS = 600_000;

// Counts, inside the frame being typed in, the time from each key press (the event's own
// time stamp) to the end of the next frame: a task queued from requestAnimationFrame runs
// once that frame is painted.
const INSTRUMENT = `(() => {
  const times = [];
  window.keyToPaint = times;
  const channel = new MessageChannel();
  let pressed = [];
  channel.port1.onmessage = () => {
    const now = performance.now();
    for (const at of pressed) times.push(now - at);
    pressed = [];
  };
  document.addEventListener('keydown', (event) => {
    pressed.push(event.timeStamp);
    requestAnimationFrame(() => channel.port2.postMessage(null));
  }, true);
})()`;

interface Load {
  readyMs: number;
  gzipBytes: number;
}

/** Opens `url` and waits for `window.readyAt`; counts the gzip size of every script and stylesheet loaded before it. */
async function load(page: Page, url: string): Promise<Load> {
  const bodies: Promise<number>[] = [];
  let ready = false;
  const onResponse = (response: import('playwright-core').Response) => {
    const type = response.request().resourceType();
    if (!ready && (type === 'script' || type === 'stylesheet') && response.ok()) bodies.push(response.body().then((body) => gzipSync(body, { level: 9 }).length, () => 0));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'commit' });
  const readyMs = await (await page.waitForFunction('window.readyAt ?? window.failed', null, { timeout: STEP_TIMEOUT_MS })).jsonValue();
  if (typeof readyMs !== 'number') throw new Error(`${url} did not load: ${JSON.stringify(readyMs)}`);
  ready = true;
  page.off('response', onResponse);
  return { readyMs, gzipBytes: (await Promise.all(bodies)).reduce((sum, bytes) => sum + bytes, 0) };
}

/** The first load (cold) for its bytes, then the median time to ready of warm loads. */
async function measureLoads(browser: Browser, url: string): Promise<{ gzipBytes: number; warmReadyMs: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  const { gzipBytes } = await load(page, url);
  const times: number[] = [];
  for (let i = 0; i < WARM_LOADS; i++) times.push((await load(page, url)).readyMs);
  await context.close();
  return { gzipBytes, warmReadyMs: percentile(times, 0.5) };
}

/** Presses keys in the focused text of `frame`, each after the last has painted; the p95 of key-to-paint times. */
async function typingP95(page: Page, frame: Frame): Promise<number> {
  // Both editors type at a caret, at the end of the line clicked (a double click leaves a word selected).
  await page.keyboard.press('End');
  await frame.evaluate(INSTRUMENT);
  for (let i = 0; i < KEY_PRESSES; i++) {
    await page.keyboard.press(i % 6 === 5 ? 'Space' : 'KeyA');
    await new Promise((resolve) => setTimeout(resolve, KEY_GAP_MS));
  }
  const times = (await frame.evaluate('window.keyToPaint')) as number[];
  if (times.length < KEY_PRESSES * 0.9) throw new Error(`only ${times.length} of ${KEY_PRESSES} key presses were seen`);
  return percentile(times, 0.95);
}

/** Opens `url`, puts the caret in its text with `focus` (which answers the frame the text is in), and measures typing there. */
async function typingAt(browser: Browser, url: string, focus: (page: Page) => Promise<Frame>): Promise<number> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  page.setDefaultTimeout(STEP_TIMEOUT_MS);
  await load(page, url);
  const p95 = await typingP95(page, await focus(page));
  await page.close();
  return p95;
}

async function focusOurs(page: Page): Promise<Frame> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/editor/v1/app/'));
  if (!frame) throw new Error('no editor frame');
  await frame.getByRole('textbox', { name: 'Text', exact: true }).nth(Math.floor(TYPING_ROWS / 2)).click();
  return frame;
}

async function focusGrapes(page: Page): Promise<Frame> {
  // The design is in GrapesJS's canvas frame, which its API names; GrapesJS makes other, empty frames of its own.
  const frameElement = await page.evaluateHandle('window.editor.Canvas.getFrameEl()');
  const canvas = await frameElement.asElement()?.contentFrame();
  if (!canvas) throw new Error('no GrapesJS canvas');
  // A double click on a text component starts GrapesJS's rich text editor in it.
  const text = canvas.getByText('Garment-dyed European linen').nth(Math.floor(TYPING_ROWS / 2));
  await text.scrollIntoViewIfNeeded();
  await text.dblclick();
  await canvas.waitForFunction("document.activeElement?.getAttribute('contenteditable') === 'true'");
  return canvas;
}

async function focusBare(page: Page): Promise<Frame> {
  await page.getByRole('textbox', { name: 'Text' }).click();
  return page.mainFrame();
}

async function seed(siteOrigin: () => string) {
  const admin = path.join(__dirname, '..', '..', 'admin', 'src', 'main.js');
  const created = spawnSync(process.execPath, [admin, 'project', 'create', '--name', 'editor bench', '--mode', 'email'], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(created.stderr);
  const key = JSON.parse(created.stdout).keys.test.secret as string;
  const mintToken = async (origin: string) => {
    const answer = await fetch(`${benchStack.baseUrl()}/embed/v1/tokens`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ user: { id: 'editor-bench' }, origin }),
    });
    if (!answer.ok) throw new Error(`token: ${answer.status}`);
    return answer.text();
  };
  const saveDesign = async (name: string, doc: unknown) => {
    const { token } = JSON.parse(await mintToken(siteOrigin())) as { token: string };
    const answer = await fetch(`${benchStack.baseUrl()}/editor/v1/designs`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', origin: siteOrigin() },
      body: JSON.stringify({ name, doc }),
    });
    if (!answer.ok) throw new Error(`design: ${answer.status} ${await answer.text()}`);
    return ((await answer.json()) as { id: string }).id;
  };
  return { mintToken, saveDesign };
}

/**
 * Our editor against GrapesJS with its newsletter preset, in the same Chromium: the
 * scripts and styles each loads before it is ready (gzip), the time to ready on a warm
 * cache with the same email, and the key-to-paint time of typing in a 500-block design.
 */
export const benchmark: Benchmark = {
  name: 'editor',
  async run() {
    const sites: LocalSite[] = [];
    // Addresses off this machine (the designs' images and web fonts) fail at once, for both editors alike.
    const offline = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1';
    const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', offline] });
    try {
      const origin = { value: '' };
      const { mintToken, saveDesign } = await seed(() => origin.value);
      const ours = await integratorSite(benchStack.baseUrl(), mintToken);
      origin.value = ours.origin;
      sites.push(ours);
      const email = referenceEmail();
      const large = productEmail(TYPING_ROWS);
      const [emailId, largeId] = [await saveDesign('Reference email', email), await saveDesign('500 blocks', large)];
      const emailHtml = render(email).chunks;
      const largeHtml = render(large).chunks;
      const grapes = await grapesSite(emailHtml.body, emailHtml.css);
      const grapesLarge = await grapesSite(largeHtml.body, largeHtml.css);
      sites.push(grapes, grapesLarge);

      const ourLoads = await measureLoads(browser, `${ours.origin}/?design=${emailId}`);
      const grapesLoads = await measureLoads(browser, `${grapes.origin}/`);
      process.stderr.write(`bench: editor ${ourLoads.gzipBytes} B gzip, ready ${ourLoads.warmReadyMs.toFixed(0)} ms; GrapesJS ${grapesLoads.gzipBytes} B, ${grapesLoads.warmReadyMs.toFixed(0)} ms\n`);
      const ourTyping = await typingAt(browser, `${ours.origin}/?design=${largeId}`, focusOurs);
      process.stderr.write(`bench: editor typing p95 ${ourTyping.toFixed(1)} ms\n`);
      const grapesTypingP95 = await typingAt(browser, `${grapesLarge.origin}/`, focusGrapes);
      const bare = await bareEditableSite();
      sites.push(bare);
      const bareTypingP95 = await typingAt(browser, `${bare.origin}/`, focusBare);
      return [
        line('editor.bytes_before_ready', 'bytes gzip', ourLoads.gzipBytes, 'grapesjs+newsletter preset', grapesLoads.gzipBytes),
        line('editor.ready_warm', 'ms', ourLoads.warmReadyMs, 'grapesjs+newsletter preset, same email as HTML', grapesLoads.warmReadyMs),
        line('editor.typing_500_blocks_p95', 'ms key to paint', ourTyping, 'grapesjs rich text editor, same 500 blocks', grapesTypingP95),
        line('editor.typing_500_blocks_p95_over_floor', 'ms key to paint', ourTyping, "one bare contenteditable paragraph, no editor: Chromium's floor", bareTypingP95),
      ];
    } finally {
      await browser.close();
      await Promise.all(sites.map((site) => site.close()));
    }
  },
};
