// @lane shared
// Random designs of every mode, with random phone overrides, hiding and a second language,
// saved through the editor API and loaded through the server API: each comes back as it was
// sent, and the stored design exported in each language is what rendering the sent one gives.
import fc from 'fast-check';
import type { DesignDocument } from '@embed/design-document';
import { bilingual, design, MODES, SECOND_LANGUAGE, withDeviceStyles } from '@embed/render-core/testing';
import { call, newProject, saveDesign } from './support/api';

const RUNS = 6;
const MERGE = { contact: { a: 'Ada' } };

describe('phone overrides and translations through a save and a load', () => {
  it.each(MODES)('%s: random designs come back as sent and export as they render, in both languages', async (mode) => {
    const { testKey } = newProject(mode);
    const userId = `round-trip-${mode}`;
    const designs = fc.sample(design(mode).chain(withDeviceStyles).chain(bilingual), { seed: 33, numRuns: RUNS }).map(({ doc }) => doc);
    for (const [n, sent] of designs.entries()) {
      const doc: DesignDocument = JSON.parse(JSON.stringify(sent));
      const saved = await saveDesign(testKey, userId, `Random ${n}`, doc);
      const loaded = await call('GET', `/embed/v1/users/${userId}/designs/${saved.id}`, { bearer: testKey });
      expect(loaded.status).toBe(200);
      expect(loaded.body.doc).toEqual(doc);
      for (const language of ['en', SECOND_LANGUAGE]) {
        const exported = await call('POST', `/embed/v1/designs/${saved.id}/export`, { bearer: testKey, body: { user: { id: userId }, language, merge: MERGE } });
        const rendered = await call('POST', '/embed/v1/render', { bearer: testKey, body: { doc, designId: saved.id, language, merge: MERGE } });
        expect([exported.status, rendered.status]).toEqual([200, 200]);
        expect(exported.body.html).toBe(rendered.body.html);
        expect(exported.body.warnings).toEqual(rendered.body.warnings);
      }
    }
  }, 120_000);
});
