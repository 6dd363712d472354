import { createTranslator } from '../i18n';
import { fieldPatch, fieldShown, issueWords, valueIssue } from './field-values';
import { BLOCK_FIELDS, SETTINGS_FIELDS } from './property-fields';

const field = (fields: typeof BLOCK_FIELDS.text, label: string, path?: string) => fields.find((spec) => spec.label === label && (path === undefined || spec.in?.join('.') === path))!;

describe('property field values', () => {
  const text = BLOCK_FIELDS.text;

  it('sets a style field, and takes the style away with its last field', () => {
    const fontSize = field(text, 'field.fontSize');
    expect(fieldPatch({ type: 'text' }, fontSize, '18')).toEqual({ style: { fontSize: 18 } });
    expect(fieldPatch({ style: { fontSize: 18 } }, fontSize, '')).toEqual({ style: undefined });
  });

  it('edits a border as a whole: its style brings a width and colour, Default takes it away', () => {
    const style = field(text, 'field.border');
    const width = field(text, 'field.borderWidth');
    expect(fieldShown({}, width)).toBe(false);
    const bordered = fieldPatch({ style: { padding: '4px' } }, style, 'dashed');
    expect(bordered).toEqual({ style: { padding: '4px', border: { width: 1, style: 'dashed', color: '#000000' } } });
    expect(fieldShown(bordered, width)).toBe(true);
    expect(fieldPatch(bordered, width, '3')).toEqual({ style: { padding: '4px', border: { width: 3, style: 'dashed', color: '#000000' } } });
    expect(fieldPatch(bordered, style, '')).toEqual({ style: { padding: '4px' } });
    expect(valueIssue(width, '')).toEqual({ kind: 'required' });
    expect(valueIssue(width, '21')).toEqual({ kind: 'range', min: 0, max: 20 });
  });

  it('edits a popup’s trigger, frequency, overlay and close button as the schema takes them', () => {
    const popup = SETTINGS_FIELDS.popup;
    const settings = { label: 'Offer', position: 'center', width: 500, trigger: { type: 'load' }, frequency: { type: 'always' } };
    const trigger = field(popup, 'field.trigger');
    const seconds = field(popup, 'field.triggerSeconds');
    expect(fieldShown(settings, seconds)).toBe(false);
    expect(fieldPatch(settings, trigger, 'delay')).toEqual({ trigger: { type: 'delay', seconds: 5 } });
    expect(fieldPatch({ ...settings, trigger: { type: 'delay', seconds: 9 } }, trigger, 'scroll')).toEqual({ trigger: { type: 'scroll', percent: 50 } });
    expect(fieldPatch(settings, field(popup, 'field.frequency'), 'everyDays')).toEqual({ frequency: { type: 'everyDays', days: 7 } });
    expect(fieldPatch(settings, field(popup, 'field.overlayShow'), true)).toEqual({ overlay: { show: true } });
    const overlaid = { ...settings, overlay: { show: true } };
    expect(fieldPatch(overlaid, field(popup, 'field.overlayOpacity'), '0.35')).toEqual({ overlay: { show: true, opacity: 0.35 } });
    expect(valueIssue(field(popup, 'field.overlayOpacity'), '1.5')).toEqual({ kind: 'range', min: 0, max: 1 });
    expect(fieldPatch(overlaid, field(popup, 'field.overlayCloseOnClick'), false)).toEqual({ overlay: { show: true, closeOnClick: false } });
    expect(fieldPatch(settings, field(popup, 'field.closeShow'), false)).toEqual({ closeButton: { show: false } });
    expect(fieldPatch(settings, field(popup, 'field.closeColor'), '#ff0000')).toEqual({ closeButton: { show: true, color: '#ff0000' } });
  });

  it('takes numbers from number fields and numeric options, and words what is wrong in the locale', () => {
    expect(fieldPatch({}, field(BLOCK_FIELDS.heading, 'field.level'), '2')).toEqual({ level: 2 });
    const colour = field(text, 'field.color');
    const issue = valueIssue(colour, 'red');
    expect(issue).toEqual({ kind: 'pattern', rule: 'color' });
    expect(issueWords(createTranslator('en'), 'Text colour', issue!)).toBe('Text colour must be a colour such as #1a56db (3, 6 or 8 hex digits) or transparent');
    expect(issueWords(createTranslator('fr'), 'Taille du texte', valueIssue(field(text, 'field.fontSize'), '200')!)).toBe('Taille du texte : de 8 à 96');
  });
});
