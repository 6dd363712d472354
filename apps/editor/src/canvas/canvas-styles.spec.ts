import type { DesignDocument } from '@embed/design-document/model';
import { RENDER_DEFAULTS } from '@embed/render-core/defaults';
import { blockCss, columnCss, contentCss, rowInnerCss } from './canvas-styles';


describe('the canvas’s styles', () => {
  it('take the renderer’s defaults where the design leaves a style out', () => {
    const doc: DesignDocument = { schemaVersion: 1, mode: 'email', settings: { subject: 's' }, body: { rows: [] } };
    expect(contentCss(doc)).toMatchObject({ 'max-width': '600px', color: RENDER_DEFAULTS.color, 'font-family': RENDER_DEFAULTS.fontFamily, 'font-size': '16px' });
    expect(blockCss({ type: 'heading', level: 3, content: [] }, 'email').inner['font-size']).toBe(`${RENDER_DEFAULTS.heading.sizes[3]}px`);
    expect(blockCss({ type: 'button', text: 'Go' }, 'page').inner).toMatchObject({ 'background-color': RENDER_DEFAULTS.button.buttonColor, color: RENDER_DEFAULTS.button.color, 'border-radius': '4px' });
    expect(blockCss({ type: 'text', content: [] }, 'email').inner.padding).toBe(RENDER_DEFAULTS.emailBlockPadding);
    expect(blockCss({ type: 'text', content: [] }, 'page').inner.padding).toBeUndefined();
  });

  it('follow the design’s own choices: sizes, borders, radius, ratios, vertical alignment', () => {
    const text = blockCss({ type: 'text', content: [], style: { fontSize: 20, border: { width: 2, style: 'dashed', color: '#ff0000' }, borderRadius: 6 } }, 'email').inner;
    expect(text).toMatchObject({ 'font-size': '20px', border: '2px dashed #ff0000', 'border-radius': '6px' });
    expect(rowInnerCss({ columns: [{ blocks: [], ratio: 2 }, { blocks: [] }] })['grid-template-columns']).toBe('2fr 1fr');
    expect(columnCss({ blocks: [], style: { verticalAlign: 'bottom' } })['align-self']).toBe('end');
  });

  it('keep an email of a fixed width as wide on a phone as anywhere, as the renderer does', () => {
    const body = { rows: [], style: { contentWidth: 640, fixedWidth: true } };
    expect(contentCss({ schemaVersion: 1, mode: 'email', settings: { subject: 's' }, body })).toMatchObject({ 'max-width': '640px', 'min-width': '640px' });
    expect(contentCss({ schemaVersion: 1, mode: 'email', settings: { subject: 's' }, body: { rows: [] } })['min-width']).toBeUndefined();
  });

  it('lay each mode out at the renderer’s width', () => {
    const body = { rows: [] };
    expect(contentCss({ schemaVersion: 1, mode: 'page', settings: { title: 't' }, body })['max-width']).toBe('1080px');
    const popup: DesignDocument = { schemaVersion: 1, mode: 'popup', body, settings: { label: 'l', position: 'center', width: 480, trigger: { type: 'load' }, frequency: { type: 'always' } } };
    expect(contentCss(popup)['max-width']).toBe('480px');
    const margins = { top: 20, right: 20, bottom: 20, left: 20 };
    // A4 is 210 mm wide: 170 mm between the margins, at 96 px to the inch.
    expect(contentCss({ schemaVersion: 1, mode: 'document', body, settings: { pageSize: 'A4', orientation: 'portrait', margins } })['max-width']).toBe('643px');
  });
});
