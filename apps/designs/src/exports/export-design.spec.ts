import { fail, ok, type RenderedDesign } from '@embed/contracts';
import type { ExportRecordsRepository, KnownPerson } from '@embed/data-access';
import { type ServiceClient, ServiceUnavailableError } from '@embed/service-runtime';
import type { DesignsService } from '../designs/designs.service';
import { ExportDesign } from './export-design';
import { RendererClient } from './renderer-client';

const person: KnownPerson = { projectId: 'prj_1', environment: 'test', userId: 'user-1', personId: 'psn_1', state: 'active' };
const design = { id: '01HZX3N4Q8M2V7T5R9K6J1D0EA', name: 'News', mode: 'email' as const, revision: 3, createdAt: new Date(), updatedAt: new Date(), doc: {} };
const rendered = { mode: 'email', html: '<p>é</p>', text: 'é', bytes: 9 } as RenderedDesign;

function setup(renderReply: () => Promise<unknown>, mode: 'email' | 'popup' = 'email') {
  const record = jest.fn(async () => 'exp_1');
  const request = jest.fn(renderReply);
  const designs = { findOwned: async () => ok({ person, design: { ...design, mode } }) } as unknown as DesignsService;
  const exports = { record } as unknown as ExportRecordsRepository;
  const client = { request } as unknown as ServiceClient;
  const storage = { downloadLink: async (key: string, filename: string, expiresAt: Date) => ({ url: `/files/v1/${key}?name=${filename}`, expiresAt }) };
  const exportDesign = new ExportDesign(designs, exports, new RendererClient(client), storage as never, { publicBaseUrl: 'https://api.example', retentionHours: 24 });
  const service = { export: (request: ReturnType<typeof exportOf>) => exportDesign.execute(request, context) };
  return { service, record, request };
}

/** The request the export is made for: its records carry it. */
const context = { requestId: 'req_1', deadline: Date.now() + 60_000 };

const exportOf = (format: 'html' | 'text' | 'pdf' | 'zip', source: 'server' | 'editor' = 'server') => ({
  person,
  designId: design.id,
  format,
  source,
});

describe('ExportDesign', () => {
  it('answers the HtmlExport fields, without `format`, and records the export', async () => {
    const { service, record } = setup(async () => ok(rendered));
    await expect(service.export(exportOf('html'))).resolves.toEqual(ok({ exportId: 'exp_1', designId: design.id, revision: 3, ...rendered }));
    expect(record).toHaveBeenCalledWith(person, { designId: design.id, revision: 3, format: 'html', source: 'server', bytes: 9 }, context);
  });

  it('records a text export by the size of its text', async () => {
    const { service, record } = setup(async () => ok(rendered));
    await service.export(exportOf('text', 'editor'));
    expect(record).toHaveBeenCalledWith(person, expect.objectContaining({ format: 'text', source: 'editor', bytes: 2 }), context);
  });

  it('has the renderer store a file, then records it and answers a FileExport with an absolute, expiring link', async () => {
    const { service, record, request } = setup(async () => ok({ storageKey: 'k', bytes: 1234, warnings: ['w'] }));
    const reply = await service.export(exportOf('pdf', 'editor'));
    if (!reply.ok) throw new Error(reply.error.message);
    const asked = request.mock.calls[0] as unknown as [string, { storageKey: string; tenant: string; format: string }];
    expect(asked[0]).toBe('render.file.v1');
    expect(asked[1]).toMatchObject({ format: 'pdf', tenant: 'prj_1/test', storageKey: expect.stringMatching(/^exports\/prj_1\/test\/psn_1\/exp_[0-9a-z]{26}\.pdf$/) });
    expect(reply.value).toMatchObject({ format: 'pdf', filename: 'News.pdf', bytes: 1234, warnings: ['w'], mode: 'email', revision: 3 });
    expect((reply.value as { url: string }).url).toBe(`https://api.example/files/v1/${asked[1].storageKey}?name=News.pdf`);
    const expiresIn = Date.parse((reply.value as { expiresAt: string }).expiresAt) - Date.now();
    expect(expiresIn).toBeGreaterThan(23 * 3_600_000);
    expect(record).toHaveBeenCalledWith(person, expect.objectContaining({ format: 'pdf', source: 'editor', bytes: 1234, storageKey: asked[1].storageKey, filename: 'News.pdf' }), context);
  });

  it('answers 409 for a format the mode does not make, without asking the renderer', async () => {
    const { service, record, request } = setup(async () => ok(rendered), 'popup');
    await expect(service.export(exportOf('pdf'))).resolves.toMatchObject({ ok: false, error: { status: 409, code: 'mode_unavailable' } });
    expect((await service.export(exportOf('zip'))).ok).toBe(true);
    expect(request).toHaveBeenCalledTimes(1);
    expect(record).toHaveBeenCalledTimes(1);
  });

  it('records nothing when the renderer refuses or does not answer', async () => {
    const refusals = [async () => fail(400, 'request_invalid', 'merge.contact ...'), async () => fail(503, 'service_unavailable', 'too long'), () => Promise.reject(new ServiceUnavailableError('render.design.v1', 'timeout'))];
    for (const [renderer, format] of refusals.flatMap((renderer) => (['html', 'png'] as const).map((format) => [renderer, format] as const))) {
      const { service, record } = setup(renderer);
      expect((await service.export(exportOf(format as 'html'))).ok).toBe(false);
      expect(record).not.toHaveBeenCalled();
    }
  });
});
