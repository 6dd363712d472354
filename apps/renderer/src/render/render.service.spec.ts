import { readFileSync } from 'node:fs';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { RENDER_DESIGN_SUBJECT, type RenderDesignReply, type RenderedDesign } from '@embed/contracts';
import { answering } from '@embed/service-runtime';
import { RENDERER_VERSION } from '@embed/render-core';
import { LayoutCache } from './layout-cache';
import { RenderService } from './render.service';
import { testRenderPool } from './testing/test-render-pool';

// Real worker threads, started on a busy machine.
jest.setTimeout(60_000);

const T = 'prj_1/test';

const example = (mode: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));
const value = (reply: RenderDesignReply): RenderedDesign => {
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
};

/**
 * The email example with forty html blocks of the largest size the schema allows, each
 * holding links whose addresses are merge tags: a valid design (4 MB, within the
 * schema's 5 MB) whose layout and merge take more than 30 s here (parse, sanitize, judge
 * and fill every address), far past the time limit its test gives it. Its cost is in the
 * number of links, not in any one pattern, so it stays costly however each step is made linear.
 */
function heavyDesign() {
  const doc = example('email');
  const html = "<a href='{{contact.id}}'>i</a>".repeat(4_800).slice(0, 100_000);
  doc.body.rows[1].columns[0].blocks.push(...Array.from({ length: 40 }, (_, n) => ({ id: `heavy-${n}`, type: 'html', html })));
  return doc;
}

describe('RenderService', () => {
  const cache = new LayoutCache(16 * 1024 * 1024);
  const workers = testRenderPool({ threads: 2 });
  const renderer = new RenderService(cache, workers);
  // As the renderer answers a message: its payload checked against the subject's schema first.
  const service = {
    render: answering(RENDER_DESIGN_SUBJECT, (request, context) => renderer.render(request, context.deadline)) as (payload: unknown) => Promise<RenderDesignReply>,
  };
  afterAll(() => renderer.onModuleDestroy());

  it('renders a document of the project mode, merged, on a worker thread', async () => {
    const result = value(await service.render({ tenant: T, mode: 'email', doc: example('email'), merge: { contact: { first_name: 'Ada' } } }));
    expect(result.subject).toBe('Ada, the spring collection is here');
    expect(result.rendererVersion).toBe(RENDERER_VERSION);
    expect(result.mergeTags).toEqual(['{{preferences_url}}', '{{unsubscribe_url}}']);
    expect(workers.threadIds).not.toContain(threadId);
  });

  it('lays a document out once and merges each request on the cached layout', async () => {
    // Design ids as the service is given them: 26 letters and digits.
    const [D1, D2] = ['01HZX3N4Q8M2V7T5R9K6J1D0E1', '01HZX3N4Q8M2V7T5R9K6J1D0E2'];
    const doc = example('page');
    const first = value(await service.render({ tenant: T, mode: 'page', doc, designId: D1 }));
    const size = cache.size;
    const laidOut = cache.get(LayoutCache.key(doc, D1));
    expect(laidOut).toBeDefined();
    const second = value(await service.render({ tenant: T, mode: 'page', doc: example('page'), designId: D1 }));
    expect(cache.size).toBe(size);
    // The same object: the worker merged the layout it was sent and made none to store.
    expect(cache.get(LayoutCache.key(doc, D1))).toBe(laidOut);
    expect(second).toEqual(first);
    value(await service.render({ tenant: T, mode: 'page', doc, designId: D2 }));
    expect(cache.size).toBe(size + 1);
  });

  it('keeps a layout’s text compiled for other options in the cache, and answers the same when every render is checked', async () => {
    const doc = example('email');
    const request = { tenant: T, mode: 'email' as const, doc, merge: { contact: { first_name: 'Ada' } }, text: { images: true } };
    const first = value(await service.render(request));
    const laidOut = cache.get(LayoutCache.key(doc, undefined));
    expect(Object.keys(laidOut?.compiled.texts ?? {})).toHaveLength(2);
    // A render of each: the sampled check at 1 runs the reference merge and parse5's audit beside every fill.
    const checked = new RenderService(cache, workers, undefined, 1);
    expect(value(await checked.render(request, undefined))).toEqual(first);
  });

  it('answers design_invalid naming the path, and mode_unavailable for a valid document of another mode', async () => {
    const broken = example('email');
    broken.body.rows[0].columns[0].blocks[0].href = 'javascript:alert(1)';
    const invalid = await service.render({ tenant: T, mode: 'email', doc: broken });
    expect(invalid).toMatchObject({ ok: false, error: { status: 400, code: 'design_invalid' } });
    expect(!invalid.ok && invalid.error.message).toContain('$.body.rows[0].columns[0].blocks[0].href is not an allowed address');
    expect(await service.render({ tenant: T, mode: 'email', doc: example('popup') })).toEqual({
      ok: false,
      error: { status: 409, code: 'mode_unavailable', message: 'this is a popup design and the project makes email designs' },
    });
  });

  it('refuses a malformed request, naming the field', async () => {
    expect(await service.render({ tenant: T, mode: 'email', doc: {}, merge: { contact: { a: 1 } } })).toEqual({
      ok: false,
      error: { status: 400, code: 'request_invalid', message: 'merge.contact.a must be string' },
    });
    expect(await service.render({ tenant: T, mode: 'email', doc: {}, extra: true })).toMatchObject({ ok: false, error: { code: 'request_invalid' } });
    expect(await service.render(null)).toMatchObject({ ok: false, error: { code: 'request_invalid' } });
  });

  // mrml's WebAssembly trapped on an html block nested deeper than its stack (14,000 levels)
  // and failed every later call; the pool replaces a worker whose job threw
  // (deadline-pool.spec.ts), and the sanitizer keeps markup that deep as its text.
  it('renders an html block nested deeper than mrml’s stack as its text, with a warning, and the next render works', async () => {
    const deep = example('email');
    deep.body.rows[1].columns[0].blocks.push({ id: 'deep', type: 'html', html: `${'<div>'.repeat(14_000)}deep` });
    const rendered = value(await service.render({ tenant: T, mode: 'email', doc: deep }));
    expect(rendered.warnings).toContainEqual(expect.stringContaining('nested deeper than 500 levels, kept as its text'));
    expect(rendered.html).toContain('deep');
    expect(value(await service.render({ tenant: T, mode: 'email', doc: example('email') })).subject).toContain('spring collection');
  });

  // On a pool of its own with a limit of 2 s, which a render of the examples stays far
  // within, even on a new worker of a busy machine.
  it('stops a render past the time limit and answers 422 design_too_complex; the next render works on a new worker', async () => {
    const limited = testRenderPool({ threads: 2, limitMs: 2_000 });
    try {
      const bounded = new RenderService(new LayoutCache(16 * 1024 * 1024), limited);
      await limited.loaded;
      const before = limited.threadIds;
      const started = Date.now();
      const reply = await bounded.render({ tenant: T, mode: 'email', doc: heavyDesign(), merge: { contact: { id: '42' } } });
      expect(Date.now() - started).toBeLessThan(6_000);
      expect(reply).toEqual({
        ok: false,
        error: { status: 422, code: 'design_too_complex', message: expect.stringContaining('this design is too complex to render within the limits: its render ran past the 2000 ms') },
      });
      expect(value(await bounded.render({ tenant: T, mode: 'email', doc: example('email') })).subject).toContain('spring collection');
      // Two threads for renders and the spare.
      expect(limited.threadIds).toHaveLength(3);
      expect(limited.threadIds.filter((id) => !before.includes(id))).toHaveLength(1);
    } finally {
      await limited.close();
    }
  });
});
