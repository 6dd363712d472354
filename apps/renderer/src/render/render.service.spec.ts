import { readFileSync } from 'node:fs';
import path from 'node:path';
import { RENDER_DESIGN_SUBJECT, type RenderDesignReply, type RenderedDesign } from '@embed/contracts';
import { answering } from '@embed/service-runtime';
import { RENDERER_VERSION } from '@embed/render-core';
import { LayoutCache } from './layout-cache';
import { RenderService } from './render.service';

const example = (mode: string) =>
  JSON.parse(readFileSync(path.resolve(__dirname, '../../../../docs/examples/designs', `${mode}.json`), 'utf8'));
const value = (reply: RenderDesignReply): RenderedDesign => {
  if (!reply.ok) throw new Error(reply.error.message);
  return reply.value;
};

describe('RenderService', () => {
  const cache = new LayoutCache(16 * 1024 * 1024);
  const renderer = new RenderService(cache);
  // As the renderer answers a message: its payload checked against the subject's schema first.
  const service = { render: answering(RENDER_DESIGN_SUBJECT, (request) => renderer.render(request)) as (payload: unknown) => RenderDesignReply };

  it('renders a document of the project mode, merged', () => {
    const result = value(service.render({ mode: 'email', doc: example('email'), merge: { contact: { first_name: 'Ada' } } }));
    expect(result.subject).toBe('Ada, the spring collection is here');
    expect(result.rendererVersion).toBe(RENDERER_VERSION);
    expect(result.mergeTags).toEqual(['{{preferences_url}}', '{{unsubscribe_url}}']);
  });

  it('lays a document out once and merges each request on the cached layout', () => {
    const doc = example('page');
    const first = value(service.render({ mode: 'page', doc, designId: 'D1' }));
    const size = cache.size;
    const second = value(service.render({ mode: 'page', doc: example('page'), designId: 'D1' }));
    expect(cache.size).toBe(size);
    expect(second).toEqual(first);
    value(service.render({ mode: 'page', doc, designId: 'D2' }));
    expect(cache.size).toBe(size + 1);
  });

  it('answers design_invalid naming the path, and mode_unavailable for a valid document of another mode', () => {
    const broken = example('email');
    broken.body.rows[0].columns[0].blocks[0].href = 'javascript:alert(1)';
    const invalid = service.render({ mode: 'email', doc: broken });
    expect(invalid).toMatchObject({ ok: false, error: { status: 400, code: 'design_invalid' } });
    expect(!invalid.ok && invalid.error.message).toContain('$.body.rows[0].columns[0].blocks[0].href is not an allowed address');
    expect(service.render({ mode: 'email', doc: example('popup') })).toEqual({
      ok: false,
      error: { status: 409, code: 'mode_unavailable', message: 'this is a popup design and the project makes email designs' },
    });
  });

  it('refuses a malformed request, naming the field', () => {
    expect(service.render({ mode: 'email', doc: {}, merge: { contact: { a: 1 } } })).toEqual({
      ok: false,
      error: { status: 400, code: 'request_invalid', message: 'merge.contact.a must be string' },
    });
    expect(service.render({ mode: 'email', doc: {}, extra: true })).toMatchObject({ ok: false, error: { code: 'request_invalid' } });
    expect(service.render(null)).toMatchObject({ ok: false, error: { code: 'request_invalid' } });
  });
});
