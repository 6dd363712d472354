import { DESIGNS_SUBJECTS } from './designs';
import { ERASURE_SUBJECTS } from './erasure';
import { checkRequest } from './message-check';
import { RenderBodySchema } from './http-inputs';
import { MESSAGES, SUBJECTS } from './messages';
import { RENDER_DESIGN_SUBJECT } from './render';
import { schemaCheck } from './message-check';

const isEraseUserRequest = (payload: unknown) => checkRequest(ERASURE_SUBJECTS.erase, payload).ok;
const checkVerifyToken = (payload: unknown) => checkRequest(DESIGNS_SUBJECTS.verifyToken, payload);
const checkMintToken = (payload: unknown) => checkRequest(DESIGNS_SUBJECTS.mintToken, payload);
const checkExportDesign = (payload: unknown) => checkRequest(DESIGNS_SUBJECTS.export, payload);
const checkRender = (payload: unknown) => checkRequest(RENDER_DESIGN_SUBJECT, payload);

describe('the erase request', () => {
  const person = { projectId: 'prj_1', environment: 'live', userId: 'ann' };

  it('accepts a person scope and nothing else', () => {
    expect(isEraseUserRequest({ person })).toBe(true);
    expect(isEraseUserRequest({ person: { ...person, userId: 'u'.repeat(256) } })).toBe(true);
  });

  it.each([
    null,
    'ann',
    {},
    { person, extra: 1 },
    { person: { ...person, email: 'a@b.example' } },
    { person: { ...person, environment: 'staging' } },
    { person: { ...person, userId: '' } },
    { person: { ...person, userId: 'u'.repeat(257) } },
    { person: { ...person, projectId: 7 } },
  ])('refuses %j', (payload) => {
    expect(isEraseUserRequest(payload)).toBe(false);
  });
});

describe('token payloads', () => {
  it('takes any token and Origin as the headers carried them, or no Origin', () => {
    expect(checkVerifyToken({ token: 'x'.repeat(5000), origin: 'null' }).ok).toBe(true);
    expect(checkVerifyToken({ token: 'et_x', origin: null }).ok).toBe(true);
    expect(checkVerifyToken({ token: 'et_x' }).ok).toBe(false);
  });

  it('holds the ttl to 60..900 seconds', () => {
    const mint = { scope: { projectId: 'prj_1', environment: 'test' }, keyId: 'key_1', userId: 'u', origin: 'https://app.example.com' };
    expect([59, 60, 900, 901].map((ttlSeconds) => checkMintToken({ ...mint, ttlSeconds }).ok)).toEqual([false, true, true, false]);
  });

  it('needs the key that mints the token', () => {
    const mint = { scope: { projectId: 'prj_1', environment: 'test' }, userId: 'u', origin: 'https://app.example.com', ttlSeconds: 60 };
    expect(checkMintToken(mint)).toMatchObject({ ok: false, error: { code: 'request_invalid' } });
  });
});

describe('export payload', () => {
  const request = {
    person: { projectId: 'prj_1', environment: 'test', userId: 'user-1' },
    designId: '01HZX3N4Q8M2V7T5R9K6J1D0EA',
    format: 'html',
    source: 'server',
  };

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

  it('names a missing field by its own path', () => {
    const { designId: _left, ...withoutDesign } = request;
    expect(checkExportDesign(withoutDesign)).toMatchObject({ ok: false, error: { message: 'designId is required' } });
    expect(checkExportDesign({ ...request, person: { projectId: 'prj_1', environment: 'test' } })).toMatchObject({
      ok: false,
      error: { message: 'person.userId is required' },
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

describe('a Merge, wherever it travels', () => {
  const render = (merge: unknown) => checkRender({ tenant: 'prj_1/test', mode: 'email', doc: {}, merge });

  it('takes up to 500 contact fields of 1 to 100 characters, values of up to 2000', () => {
    const fields = Object.fromEntries(Array.from({ length: 500 }, (_, n) => [`f${n}`, 'v'.repeat(2000)]));
    expect(render({ contact: { ...fields } }).ok).toBe(true);
    expect(render({ contact: { ...fields, one: 'more' } })).toMatchObject({ ok: false, error: { message: 'merge.contact must NOT have more than 500 properties' } });
    expect(render({ contact: { ['k'.repeat(101)]: 'v' } })).toMatchObject({ ok: false, error: { message: 'merge.contact keys must NOT have more than 100 characters' } });
    expect(render({ contact: { '': 'v' } })).toMatchObject({ ok: false, error: { message: 'merge.contact keys must NOT have fewer than 1 characters' } });
    expect(render({ contact: { k: 'v'.repeat(2001) } }).ok).toBe(false);
  });

  it('takes absolute http, https and mailto addresses of up to 2048 characters, as the gateway does', () => {
    for (const url of ['https://x.example/u?a=1&b=2', 'HTTP://x.example', 'mailto:prefs@x.example', `https://x.example/${'u'.repeat(2048 - 18)}`]) {
      expect({ url, ok: render({ unsubscribeUrl: url, preferencesUrl: url }).ok }).toEqual({ url, ok: true });
    }
    for (const url of ['not a url', '/relative', 'javascript:alert(1)', 'ftp://x.example/f', `https://x.example/${'u'.repeat(2048 - 17)}`]) {
      expect(render({ unsubscribeUrl: url })).toMatchObject({ ok: false, error: { code: 'request_invalid', message: expect.stringMatching(/^merge\.unsubscribeUrl /) } });
    }
    expect(render({ unsubscribeUrl: 'ftp://x.example/f' })).toMatchObject({ ok: false, error: { message: 'merge.unsubscribeUrl must be an absolute http, https or mailto URI' } });
  });
});

describe('a design id, wherever it travels', () => {
  const ids = ['01HZX3N4Q8M2V7T5R9K6J1D0EA', 'x', '01HZX3N4Q8M2V7T5R9K6J1D0E-', '01HZX3N4Q8M2V7T5R9K6J1D0EAB', 'a'.repeat(64)];

  it('is taken by the render message exactly when the HTTP body takes it: one rule, 26 letters and digits', () => {
    const http = schemaCheck(RenderBodySchema);
    for (const designId of ids) {
      const message = checkRender({ tenant: 'prj_1/test', mode: 'email', doc: {}, designId });
      expect({ designId, message: message.ok }).toEqual({ designId, message: http({ doc: {}, designId }) });
    }
    expect(checkRender({ tenant: 'prj_1/test', mode: 'email', doc: {}, designId: 'x' })).toMatchObject({ ok: false, error: { message: 'designId must be 26 letters and digits' } });
  });
});

describe('the registry', () => {
  it('gives every subject a budget and a schema ajv compiles', () => {
    for (const subject of SUBJECTS) {
      expect(MESSAGES[subject].budget).toBeDefined();
      expect(() => checkRequest(subject, {})).not.toThrow();
    }
  });
});
