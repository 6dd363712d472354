import { FILE_FORMATS_BY_MODE } from '@embed/contracts';
import { exportFormats, FILES_BY_MODE } from './exports';

describe('export formats', () => {
  it('offers the files each mode makes, as the service’s contract says', () => {
    expect(FILES_BY_MODE).toEqual(FILE_FORMATS_BY_MODE);
    expect(exportFormats('popup')).toEqual(['html', 'text', 'zip', 'png']);
    expect(exportFormats('email')).toEqual(['html', 'text', 'zip', 'pdf', 'png', 'mjml']);
  });
});
