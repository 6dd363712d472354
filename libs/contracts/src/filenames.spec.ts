import { safeFilename } from './filenames';

describe('safeFilename', () => {
  it('keeps a plain name and adds the extension', () => {
    expect(safeFilename('Spring sale', 'pdf')).toBe('Spring sale.pdf');
    expect(safeFilename('Frühjahr – Angebote', 'png')).toBe('Frühjahr - Angebote.png');
  });

  it('takes out paths, control characters, reserved characters and leading dots', () => {
    expect(safeFilename('../../etc/passwd', 'zip')).toBe('etc-passwd.zip');
    expect(safeFilename('a\u0000b\r\nc', 'pdf')).toBe('a-b-c.pdf');
    expect(safeFilename('x:y*z?"<>|\\', 'pdf')).toBe('x-y-z.pdf');
    expect(safeFilename('...hidden', 'pdf')).toBe('hidden.pdf');
  });

  it('falls back to "design" and bounds the length', () => {
    expect(safeFilename('///', 'pdf')).toBe('design.pdf');
    expect(safeFilename('', 'pdf')).toBe('design.pdf');
    expect(safeFilename('é'.repeat(500), 'pdf')).toBe(`${'é'.repeat(100)}.pdf`);
  });
});
