import { importReply } from './import-reply';

describe('importReply', () => {
  it('answers the design and its warnings in the mode asked for', () => {
    const reply = importReply({ mode: 'page', format: 'mjml', source: '<mjml><mj-body><mj-section><mj-column><mj-spacer height="30px" /></mj-column></mj-section></mj-body></mjml>' });
    expect(reply).toEqual({ ok: true, value: { design: expect.objectContaining({ mode: 'page' }), warnings: [] } });
  });

  it('refuses a source that is not the format with 422 source_unreadable and its place', () => {
    expect(importReply({ mode: 'email', format: 'unlayer', source: 42 })).toEqual({
      ok: false,
      error: { status: 422, code: 'source_unreadable', message: 'source is not readable as unlayer: at $, an Unlayer design is a JSON object with body.rows', details: { path: '$' } },
    });
    expect(importReply({ mode: 'email', format: 'html', source: ' ' })).toMatchObject({ ok: false, error: { status: 422, code: 'source_unreadable', details: { path: 'html' } } });
  });
});
