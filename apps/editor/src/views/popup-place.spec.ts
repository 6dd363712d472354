import { popupPlace } from './popup-place';

const viewport = { width: 374, height: 760 };
const button = (left: number, top: number) => ({ left, top, right: left + 80, bottom: top + 28 });

describe('a menu popup’s place', () => {
  it('opens under its button, at the button’s left, when it fits', () => {
    expect(popupPlace(button(20, 100), { width: 288, height: 300 }, viewport)).toEqual({ left: 20, top: 132, maxHeight: 620 });
  });

  it('moves left as far as the right edge needs, never past the left one', () => {
    // A button scrolled off to the right of a phone's format bar.
    expect(popupPlace(button(520, 100), { width: 288, height: 300 }, viewport).left).toBe(374 - 8 - 288);
    expect(popupPlace(button(-60, 100), { width: 288, height: 300 }, viewport).left).toBe(8);
    expect(popupPlace(button(200, 100), { width: 400, height: 300 }, viewport).left).toBe(8);
  });

  it('opens over its button when it does not fit below and there is more room above', () => {
    expect(popupPlace(button(20, 600), { width: 288, height: 300 }, viewport)).toEqual({ left: 20, top: 296, maxHeight: 588 });
    // Taller than the room above: it starts at the top edge and scrolls.
    expect(popupPlace(button(20, 600), { width: 288, height: 900 }, viewport)).toEqual({ left: 20, top: 8, maxHeight: 588 });
  });

  it('stays under its button and scrolls when there is more room below than above', () => {
    expect(popupPlace(button(20, 200), { width: 288, height: 900 }, viewport)).toEqual({ left: 20, top: 232, maxHeight: 520 });
  });
});
