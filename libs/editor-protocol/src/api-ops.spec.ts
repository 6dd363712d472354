import { apiCallOf, type ApiRequest } from './api-ops';

const ID = '01J00000000000000000000000';

describe('the editor API calls the SDK makes for the frame', () => {
  it.each<[ApiRequest, string]>([
    [{ op: 'getSession' }, 'GET /editor/v1/session'],
    [{ op: 'getDesign', designId: ID }, `GET /editor/v1/designs/${ID}`],
    [{ op: 'createDesign', body: {} }, 'POST /editor/v1/designs'],
    [{ op: 'saveDesign', designId: ID, body: {} }, `PUT /editor/v1/designs/${ID}`],
    [{ op: 'listRevisions', designId: ID }, `GET /editor/v1/designs/${ID}/revisions`],
    [{ op: 'listRevisions', designId: ID, cursor: 'a b&c' }, `GET /editor/v1/designs/${ID}/revisions?cursor=a%20b%26c`],
    [{ op: 'listRevisions', designId: ID, cursor: 'c', limit: 1 }, `GET /editor/v1/designs/${ID}/revisions?cursor=c&limit=1`],
    [{ op: 'labelRevision', designId: ID, revision: 4, label: 'Before the sale' }, `PUT /editor/v1/designs/${ID}/revisions/4`],
    [{ op: 'getRevision', designId: ID, revision: 7 }, `GET /editor/v1/designs/${ID}/revisions/7`],
    [{ op: 'listTemplates' }, 'GET /editor/v1/templates'],
    [{ op: 'getBrandKit' }, 'GET /editor/v1/brand-kit'],
    [{ op: 'listImages', owner: 'person' }, 'GET /editor/v1/images?owner=person'],
    [{ op: 'listImages', owner: 'project', cursor: 'a b&c' }, 'GET /editor/v1/images?owner=project&cursor=a%20b%26c'],
    [{ op: 'deleteImage', imageId: `img_${'0'.repeat(26)}`, force: false }, `DELETE /editor/v1/images/img_${'0'.repeat(26)}`],
    [{ op: 'deleteImage', imageId: `img_${'0'.repeat(26)}`, force: true }, `DELETE /editor/v1/images/img_${'0'.repeat(26)}?force=true`],
    [{ op: 'listTemplates', cursor: 'a b&c' }, 'GET /editor/v1/templates?cursor=a%20b%26c'],
    [{ op: 'getTemplate', templateId: `tpl_${'0'.repeat(26)}` }, `GET /editor/v1/templates/tpl_${'0'.repeat(26)}`],
    [{ op: 'listRows' }, 'GET /editor/v1/rows'],
    [{ op: 'saveRow', body: {} }, 'POST /editor/v1/rows'],
    [{ op: 'renameRow', rowId: `row_${'0'.repeat(26)}`, body: { name: 'Footer' } }, `PUT /editor/v1/rows/row_${'0'.repeat(26)}`],
    [{ op: 'deleteRow', rowId: `row_${'0'.repeat(26)}` }, `DELETE /editor/v1/rows/row_${'0'.repeat(26)}`],
    [{ op: 'renderPreview', body: {} }, 'POST /editor/v1/render'],
    [{ op: 'exportDesign', designId: ID, body: { format: 'pdf' } }, `POST /editor/v1/designs/${ID}/export`],
    [{ op: 'uploadImage', bytes: new ArrayBuffer(1), contentType: 'image/png' }, 'POST /editor/v1/images'],
  ])('builds %j as %s', (request, call) => {
    const built = apiCallOf(request);
    expect(`${built?.method} ${built?.path}`).toBe(call);
  });

  it('sends the body it was given, as JSON or bytes', () => {
    expect(apiCallOf({ op: 'saveDesign', designId: ID, body: { doc: 1 } })?.json).toEqual({ doc: 1 });
    const bytes = new ArrayBuffer(3);
    expect(apiCallOf({ op: 'uploadImage', bytes, contentType: 'image/webp' })).toMatchObject({ bytes, contentType: 'image/webp' });
  });

  it('carries the idempotency key of a create, an export and an upload, and nothing that is not one', () => {
    expect(apiCallOf({ op: 'createDesign', body: {}, idempotencyKey: 'k-1' })?.idempotencyKey).toBe('k-1');
    expect(apiCallOf({ op: 'exportDesign', designId: ID, body: {}, idempotencyKey: 'k-2' })?.idempotencyKey).toBe('k-2');
    expect(apiCallOf({ op: 'uploadImage', bytes: new ArrayBuffer(1), contentType: 'image/png', idempotencyKey: 'k-3' })?.idempotencyKey).toBe('k-3');
    expect(apiCallOf({ op: 'createDesign', body: {}, idempotencyKey: 'a\r\nX-Injected: 1' })).not.toHaveProperty('idempotencyKey');
  });

  // Before: the frame named a path, and `/editor/v1/%2e%2e/%2e%2e/embed/v1/tokens` passed the check.
  it.each([
    ['a path of dot segments as an id', { op: 'getDesign', designId: '%2e%2e/%2e%2e/embed/v1/tokens' }],
    ['an id with a slash', { op: 'saveDesign', designId: `${ID}/../x`, body: {} }],
    ['an id that is no string', { op: 'exportDesign', designId: ['..'], body: {} }],
    ['no id', { op: 'listRevisions' }],
    ['a cursor that is no string', { op: 'listRevisions', designId: ID, cursor: { toString: () => 'x' } }],
    ['a page size out of range', { op: 'listRevisions', designId: ID, limit: 101 }],
    ['a page size that is no number', { op: 'listRevisions', designId: ID, limit: '1&x=y' }],
    ['a template cursor that is no string', { op: 'listTemplates', cursor: 7 }],
    ['an image id that breaks the id rule', { op: 'deleteImage', imageId: '../designs', force: true }],
    ['no template id', { op: 'getTemplate' }],
    ['a template id climbing out', { op: 'getTemplate', templateId: '../designs' }],
    ['a design id for a template', { op: 'getTemplate', templateId: ID }],
    ['a row id climbing out', { op: 'deleteRow', rowId: '../designs' }],
    ['a template id for a row', { op: 'renameRow', rowId: `tpl_${'0'.repeat(26)}`, body: {} }],
    ['a revision that is no whole number', { op: 'getRevision', designId: ID, revision: '1/../../x' }],
    ['a negative revision', { op: 'getRevision', designId: ID, revision: -1 }],
    ['an unknown operation', { op: 'deleteEverything' }],
    ['a path instead of an operation', { method: 'POST', path: '/editor/v1/%2e%2e/%2e%2e/embed/v1/tokens' }],
    ['an inherited name', { op: 'constructor' }],
    ['an upload that is not an image', { op: 'uploadImage', bytes: new ArrayBuffer(1), contentType: 'text/html' }],
    ['an upload without bytes', { op: 'uploadImage', bytes: 'x', contentType: 'image/png' }],
  ])('makes no call for %s', (_case, request) => {
    expect(apiCallOf(request as unknown as ApiRequest)).toBeNull();
  });
});
