import { blankDesign } from '@embed/editor-core';
import { columnWidth, placedWidth } from './image-size';

describe('image size', () => {
  it('places an image at its natural width up to its column’s', () => {
    const doc = blankDesign('email', 'Sizes');
    doc.body.rows = [{ columns: [{ blocks: [], ratio: 1 }, { blocks: [], ratio: 2 }] }];
    expect(columnWidth(doc, { row: 0, column: 0 })).toBe(200);
    expect(columnWidth(doc, { row: 0, column: 1 })).toBe(400);
    expect(placedWidth(120, 200)).toBe(120);
    expect(placedWidth(200, 200)).toBeUndefined();
    expect(placedWidth(1600, 400)).toBeUndefined();
    expect(placedWidth(null, 400)).toBeUndefined();
  });
});
