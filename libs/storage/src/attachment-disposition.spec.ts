import { attachmentDisposition } from './attachment-disposition';

describe('attachmentDisposition', () => {
  it('writes a Content-Disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(attachmentDisposition('Café "x".pdf')).toBe(`attachment; filename="Caf_ _x_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22x%22.pdf`);
  });
});
