import { IMPORT_FORMATS } from '@embed/contracts';
import { detectFormat, IMPORT_CHOICES } from './detect-format';

describe('detectFormat', () => {
  it('offers the formats the service imports', () => {
    expect(IMPORT_CHOICES).toEqual(IMPORT_FORMATS);
  });

  it('tells the four formats apart, and says nothing of what is none of them', () => {
    expect(detectFormat(JSON.stringify({ page: { rows: [] } }))).toBe('beefree');
    expect(detectFormat(` ${JSON.stringify({ counters: {}, body: { rows: [], values: {} } })}`)).toBe('unlayer');
    expect(detectFormat('<mjml><mj-body></mj-body></mjml>')).toBe('mjml');
    expect(detectFormat('<?xml version="1.0"?>\n<mjml lang="en"></mjml>')).toBe('mjml');
    expect(detectFormat('<!DOCTYPE html><html><body><p>Hi</p></body></html>')).toBe('html');
    expect(detectFormat('{"rows": []}')).toBeUndefined();
    expect(detectFormat('{ not json')).toBeUndefined();
    expect(detectFormat('plain words')).toBeUndefined();
  });
});
