import { designJson, type UnparsedDesign } from './designs';

describe('designJson', () => {
  it('is the JSON of the design with its document in place, in the field order of the spec', () => {
    const doc = { schemaVersion: 1, mode: 'email', body: { rows: [{ text: 'quote " and \\ and \u2028' }] } };
    const stored: UnparsedDesign = {
      id: '01JB0000000000000000000000',
      name: 'Spring "sale"',
      mode: 'email',
      revision: 3,
      createdAt: '2026-11-22T06:00:00.000Z',
      updatedAt: '2026-11-22T07:00:00.000Z',
      docJson: JSON.stringify(doc),
    };
    const json = designJson(stored);
    const { docJson: _docJson, ...summary } = stored;
    expect(JSON.parse(json)).toEqual({ ...summary, doc });
    expect(Object.keys(JSON.parse(json))).toEqual(['id', 'name', 'mode', 'revision', 'createdAt', 'updatedAt', 'doc']);
  });
});
