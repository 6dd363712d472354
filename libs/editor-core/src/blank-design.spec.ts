import { DESIGN_MODES, modeMismatch, validateDesign } from '@embed/design-document';
import { blankDesign } from './blank-design';

describe('blankDesign', () => {
  it.each(DESIGN_MODES)('starts a valid %s design of that mode with one empty row', (mode) => {
    const doc = blankDesign(mode, 'Untitled');
    const validation = validateDesign(doc);
    expect(validation).toMatchObject({ valid: true });
    expect(validation.valid && modeMismatch(validation.document, mode)).toBeNull();
    expect(doc.mode).toBe(mode);
    expect(doc.body.rows).toEqual([{ columns: [{ blocks: [] }] }]);
  });

  it("gives each mode the settings it needs, with the editor's word for untitled", () => {
    expect(blankDesign('email', 'Sans titre').settings).toEqual({ subject: 'Sans titre' });
    expect(blankDesign('page', 'Sans titre').settings).toEqual({ title: 'Sans titre' });
    expect(blankDesign('popup', 'Sans titre').settings).toMatchObject({
      label: 'Sans titre',
      trigger: { type: 'delay', seconds: 5 },
      overlay: { show: true, closeOnClick: true },
      closeButton: { show: true },
    });
    expect(blankDesign('document', 'Sans titre').settings).toMatchObject({ title: 'Sans titre', pageSize: 'A4', orientation: 'portrait', margins: { top: 20, right: 20, bottom: 20, left: 20 } });
  });
});
