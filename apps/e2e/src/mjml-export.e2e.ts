// @lane shared
// contracts §8, "Export to MJML": the editor exports an email as MJML (an HtmlExport whose
// `mjml` holds it) that the mjml package compiles, and that POST /embed/v1/imports makes
// back into the same design; recorded with `export.created` like every export. Before this,
// `mjml` was refused 400 as a format.
import mjml2html from 'mjml';
import { call, editorSession, exampleDesign, expectError, newProject } from './support/api';
import { query } from './support/database';

describe('POST /editor/v1/designs/{id}/export with format mjml', () => {
  it('answers MJML that compiles and imports back to the same design, and records the export', async () => {
    const project = newProject('email');
    const { editor } = await editorSession(project.testKey, 'mjml-person');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Leaving', doc: exampleDesign('email') } });
    const exported = await editor('POST', `/designs/${design.id}/export`, { body: { format: 'mjml' } });
    expect(exported.status).toBe(200);
    expect(exported.body).toMatchObject({ designId: design.id, revision: 0, mode: 'email', mjml: expect.stringMatching(/^<mjml/) });
    expect(exported.body).not.toHaveProperty('format');
    expect((await mjml2html(exported.body.mjml, { validationLevel: 'strict' })).errors).toEqual([]);

    const back = await call('POST', '/embed/v1/imports', { bearer: project.testKey, body: { format: 'mjml', source: exported.body.mjml } });
    expect(back.status).toBe(200);
    expect(back.body).toEqual({ design: design.doc, warnings: [] });
    const events = await query<{ data: any }>(`SELECT data FROM "OutboxEvent" WHERE type = 'export.created' AND "designId" = $1`, [design.id]);
    expect(events.map((event) => [event.data.source, event.data.format])).toEqual([['editor', 'mjml']]);
  });

  it('refuses the MJML of a design that is not an email 409 mode_unavailable, and the server export has no mjml format', async () => {
    const page = newProject('page');
    const { editor } = await editorSession(page.testKey, 'page-person');
    const { body: design } = await editor('POST', '/designs', { body: { name: 'Page', doc: exampleDesign('page') } });
    expect(expectError(await editor('POST', `/designs/${design.id}/export`, { body: { format: 'mjml' } }), 409, 'mode_unavailable').body.error).toBe('a page design makes no MJML: MJML is an email\'s');
    const email = newProject('email');
    const own = await editorSession(email.testKey, 'server-person');
    const saved = await own.editor('POST', '/designs', { body: { name: 'Mail', doc: exampleDesign('email') } });
    const server = { bearer: email.testKey, body: { user: { id: 'server-person' }, format: 'mjml' } };
    expect(expectError(await call('POST', `/embed/v1/designs/${saved.body.id}/export`, server), 400, 'request_invalid').body.error).toMatch(/format/);
  });
});
