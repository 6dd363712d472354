import type { ImportWarning, ImportWarningCode } from '@embed/contracts';
import { fidelityVerdict } from './fidelity-verdict';

const warning = (code: ImportWarningCode): ImportWarning => ({ path: 'mjml > mj-body', code, params: {}, message: code });

describe('the fidelity bar of one fixture', () => {
  it('passes a drawing within 2% of its source, whatever the import said', () => {
    expect(fidelityVerdict(1.9, [])).toEqual({ words: 'bar 2% (within 2%)', explaining: [] });
  });

  it('takes a difference over 2% as explained by a warning of something a reader sees', () => {
    const verdict = fidelityVerdict(4, [warning('merge_tag_unused'), warning('carousel_first_image')]);
    expect(verdict.explaining.map(({ code }) => code)).toEqual(['carousel_first_image']);
    expect(verdict.words).toBe('bar 2% (explained by 1 warnings of what looks different)');
  });

  it('does not take warnings that change nothing visible as explaining a difference', () => {
    const verdict = fidelityVerdict(4, [warning('merge_tag_unused'), warning('html_block_mj_raw'), warning('html_event_handlers_removed')]);
    expect(verdict).toEqual({ words: 'bar 2% (UNEXPLAINED: no warning of what looks different)', explaining: [] });
  });

  it('says a fixture over 10% is over, explained or not', () => {
    expect(fidelityVerdict(12, [warning('columns_split')]).words).toBe('bar 2% (OVER 10%, explained by 1 warnings of what looks different)');
    expect(fidelityVerdict(12, []).words).toBe('bar 2% (OVER 10%, UNEXPLAINED: no warning of what looks different)');
  });
});
