import { SOURCE_UNREADABLE_CODES, SOURCE_UNREADABLE_REASONS } from '@embed/contracts';
import { placeholders } from '@embed/design-checks';
import { importDesign, SourceUnreadable } from './index';

const refusal = (run: () => unknown): SourceUnreadable => {
  try {
    run();
  } catch (error) {
    if (error instanceof SourceUnreadable) return error;
    throw error;
  }
  throw new Error('the import was not refused');
};

describe('a source refused as unreadable', () => {
  it('carries its place, its reason’s code and values, and the English words the API says', () => {
    const deep = refusal(() => importDesign({ format: 'mjml', mode: 'email', source: `<mjml><mj-body>${'<b>'.repeat(600)}</mj-body></mjml>` }));
    expect(deep.toReason()).toEqual({ path: 'mjml', code: 'mjml_too_deep', params: { max: 500 } });
    expect([deep.reason, deep.message]).toEqual(['elements are nested deeper than 500 levels', 'mjml: elements are nested deeper than 500 levels']);
    expect(refusal(() => importDesign({ format: 'beefree', mode: 'email', source: { page: [] } })).toReason()).toEqual({ path: '$.page', code: 'beefree_no_page', params: {} });
    const json = refusal(() => importDesign({ format: 'unlayer', mode: 'email', source: '{not json' })).toReason();
    expect(json).toMatchObject({ path: '$', code: 'json_invalid', params: { detail: expect.stringMatching(/JSON/) } });
  });

  it('has words for every code, whose values are the ones its code names', () => {
    for (const code of SOURCE_UNREADABLE_CODES) {
      const params = Object.fromEntries(placeholders(SOURCE_UNREADABLE_REASONS[code]).map((name) => [name, 7]));
      expect(new SourceUnreadable('$', code, params).reason).not.toMatch(/[{}]/);
    }
  });
});
