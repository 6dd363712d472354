import { fail, ok, type RenderedDesign } from '@embed/contracts';
import type { ExportRecordsRepository, KnownPerson } from '@embed/data-access';
import { type ServiceClient, ServiceUnavailableError } from '@embed/service-runtime';
import type { DesignsService } from '../designs/designs.service';
import { ExportsService } from './exports.service';

const person: KnownPerson = { projectId: 'prj_1', environment: 'test', userId: 'user-1', personId: 'psn_1', state: 'active' };
const design = { id: '01HZX3N4Q8M2V7T5R9K6J1D0EA', name: 'News', mode: 'email' as const, revision: 3, createdAt: new Date(), updatedAt: new Date(), doc: {} };
const rendered = { mode: 'email', html: '<p>é</p>', text: 'é', bytes: 9 } as RenderedDesign;

function setup(renderReply: () => Promise<unknown>) {
  const record = jest.fn(async () => 'exp_1');
  const request = jest.fn(renderReply);
  const designs = { findOwned: async () => ok({ person, design }) } as unknown as DesignsService;
  const service = new ExportsService(designs, { record } as unknown as ExportRecordsRepository, { request } as unknown as ServiceClient);
  return { service, record, request };
}

const exportOf = (format: 'html' | 'text' | 'pdf', source: 'server' | 'editor' = 'server') => ({
  person,
  designId: design.id,
  format,
  source,
});

describe('ExportsService', () => {
  it('answers the HtmlExport fields, without `format`, and records the export', async () => {
    const { service, record } = setup(async () => ok(rendered));
    await expect(service.export(exportOf('html'))).resolves.toEqual(ok({ exportId: 'exp_1', designId: design.id, revision: 3, ...rendered }));
    expect(record).toHaveBeenCalledWith(person, { designId: design.id, revision: 3, format: 'html', source: 'server', bytes: 9 });
  });

  it('records a text export by the size of its text', async () => {
    const { service, record } = setup(async () => ok(rendered));
    await service.export(exportOf('text', 'editor'));
    expect(record).toHaveBeenCalledWith(person, expect.objectContaining({ format: 'text', source: 'editor', bytes: 2 }));
  });

  it('does not pretend to make files yet', async () => {
    const { service, record, request } = setup(async () => ok(rendered));
    await expect(service.export(exportOf('pdf'))).resolves.toMatchObject({ ok: false, error: { status: 503, code: 'service_unavailable' } });
    expect(request).not.toHaveBeenCalled();
    expect(record).not.toHaveBeenCalled();
  });

  it('records nothing when the renderer refuses or does not answer', async () => {
    for (const renderer of [async () => fail(400, 'request_invalid', 'merge.contact ...'), () => Promise.reject(new ServiceUnavailableError('render.design.v1', 'timeout'))]) {
      const { service, record } = setup(renderer);
      expect((await service.export(exportOf('html'))).ok).toBe(false);
      expect(record).not.toHaveBeenCalled();
    }
  });
});
