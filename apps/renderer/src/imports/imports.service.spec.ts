import { IMPORT_DESIGN_SUBJECT, type ImportDesignReply } from '@embed/contracts';
import { answering } from '@embed/service-runtime';
import type { RenderPool } from '../render/render-pool';
import { testRenderPool } from '../render/testing/test-render-pool';
import { importReply } from './import-reply';
import { ImportsService } from './imports.service';

// Real worker threads, started on a busy machine.
jest.setTimeout(60_000);

const TENANT = 'prj_1/test';
const section = '<mj-section><mj-column><mj-text>Hello <a href="https://example.com/x">*|FNAME|*</a></mj-text><mj-image src="https://example.com/a.png" /></mj-column></mj-section>';
const mjml = (sections: number) => `<mjml><mj-body>${section.repeat(sections)}</mj-body></mjml>`;

describe('ImportsService', () => {
  const serviceOn = (workers: RenderPool) => {
    const imports = new ImportsService(workers);
    return { import: answering(IMPORT_DESIGN_SUBJECT, (request, context) => imports.import(request, context.deadline)) as (payload: unknown) => Promise<ImportDesignReply> };
  };
  const workers = testRenderPool();
  const service = serviceOn(workers);
  // A limit that a small import keeps, even as the first job of a new worker on a loaded machine
  // (some 50 to 70 ms on a quiet one: its code runs cold), and one of 60,000 sections (9 MB,
  // some 800 ms of conversion on a quiet machine) does not.
  const tightWorkers = testRenderPool({ limitMs: 250 });
  const tight = serviceOn(tightWorkers);
  afterAll(() => Promise.all([workers.close(), tightWorkers.close()]));

  it('converts on a render worker, answering what the converter answers', async () => {
    await workers.loaded;
    const request = { mode: 'email' as const, format: 'mjml' as const, source: mjml(2), mergeTags: { '*|FNAME|*': '{{contact.first_name}}' } };
    const reply = await service.import({ tenant: TENANT, ...request });
    expect(reply.ok).toBe(true);
    expect(reply).toEqual(importReply(request));
    expect(await service.import({ tenant: TENANT, mode: 'email', format: 'unlayer', source: 42 })).toMatchObject({ ok: false, error: { status: 422, code: 'source_unreadable' } });
  });

  it('stops an import past the time limit with 422 design_too_complex; the next import works on a new worker', async () => {
    const before = tightWorkers.threadIds;
    const reply = await tight.import({ tenant: TENANT, mode: 'email', format: 'mjml', source: mjml(60_000) });
    expect(reply).toEqual({
      ok: false,
      error: { status: 422, code: 'design_too_complex', message: expect.stringContaining('this source is too complex to import within the limits: its import ran past the 250 ms it may take') },
    });
    // The new worker's first import runs its code cold, which on a loaded machine alone can pass
    // the limit: a small import is asked again (stopped only by that limit) until it is answered.
    let next = await tight.import({ tenant: TENANT, mode: 'page', format: 'mjml', source: mjml(1) });
    for (let attempt = 0; attempt < 10 && !next.ok && next.error.code === 'design_too_complex'; attempt++) {
      next = await tight.import({ tenant: TENANT, mode: 'page', format: 'mjml', source: mjml(1) });
    }
    expect(next.ok).toBe(true);
    expect(tightWorkers.threadIds).not.toEqual(before);
  });

  it('takes a request without a tenant (a caller of the release before) in a turn of its own, and refuses a malformed one naming the field', async () => {
    expect((await service.import({ mode: 'email', format: 'mjml', source: mjml(1) })).ok).toBe(true);
    expect(await service.import({ tenant: '', mode: 'email', format: 'mjml', source: mjml(1) })).toMatchObject({ ok: false, error: { status: 400, code: 'request_invalid', message: expect.stringContaining('tenant') } });
  });
});
