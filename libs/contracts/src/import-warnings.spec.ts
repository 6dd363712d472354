import { changesLooks, IMPORT_WARNING_CODES, type ImportWarningCode } from './import-warnings';

const looks = (code: ImportWarningCode) => changesLooks({ code });

describe('which import warnings name a change a reader can see', () => {
  it('counts what was left out, cut or drawn otherwise', () => {
    for (const code of ['carousel_first_image', 'columns_split', 'hero_height_estimated', 'text_heading', 'image_unsafe', 'html_elements_removed', 'fixed_width', 'unknown_module'] as const)
      expect([code, looks(code)]).toEqual([code, true]);
  });

  it('does not count what changes only how the design is kept or addressed', () => {
    for (const code of ['merge_tag_unused', 'html_block_mj_raw', 'html_block_nested_table', 'html_event_handlers_removed', 'mjml_changed', 'more_warnings'] as const)
      expect([code, looks(code)]).toEqual([code, false]);
  });

  it('says which for every code', () => {
    for (const code of IMPORT_WARNING_CODES) expect([code, typeof looks(code)]).toEqual([code, 'boolean']);
  });

  it('counts no code it does not know', () => {
    expect(changesLooks({ code: 'toString' as ImportWarningCode })).toBe(false);
  });
});
