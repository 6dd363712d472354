import { checkExportDesign } from './export-payloads';

const request = {
  person: { projectId: 'prj_1', environment: 'test', userId: 'user-1' },
  designId: '01HZX3N4Q8M2V7T5R9K6J1D0EA',
  format: 'html',
  source: 'server',
};

describe('export payload', () => {
  it('takes a server html export with merge and text options', () => {
    expect(checkExportDesign({ ...request, merge: { contact: {} }, text: { links: true }, fullPage: false }).ok).toBe(true);
  });

  it('takes a text export from the editor only', () => {
    expect(checkExportDesign({ ...request, format: 'text', source: 'editor' }).ok).toBe(true);
    expect(checkExportDesign({ ...request, format: 'text' })).toMatchObject({ ok: false, error: { status: 400, code: 'request_invalid' } });
  });

  it('names a field it does not know', () => {
    expect(checkExportDesign({ ...request, colour: 'red' })).toEqual({
      ok: false,
      error: { status: 400, code: 'request_invalid', message: 'payload must NOT have additional properties "colour"' },
    });
  });

  it('names a nested field by its path', () => {
    const reply = checkExportDesign({ ...request, person: { ...request.person, userId: '' } });
    expect(reply).toMatchObject({ ok: false, error: { message: expect.stringMatching(/^person\.userId /) } });
  });

  it('refuses a design id that is not 26 letters and digits', () => {
    expect(checkExportDesign({ ...request, designId: '01HZX3N4Q8M2V7T5R9K6J1D0E-' }).ok).toBe(false);
  });
});
