import fc from 'fast-check';
import { EDGE_SPEED, EDGE_ZONE, edgeScroll, lineAt, placeAmong } from './drop-place';

const blocks = [
  { start: 0, end: 100 },
  { start: 110, end: 150 },
  { start: 160, end: 300 },
];

describe('placeAmong', () => {
  it('falls before the first item whose middle the pointer has not passed', () => {
    expect(placeAmong(blocks, -20)).toBe(0);
    expect(placeAmong(blocks, 49)).toBe(0);
    expect(placeAmong(blocks, 51)).toBe(1);
    expect(placeAmong(blocks, 135)).toBe(2);
    expect(placeAmong(blocks, 299)).toBe(3);
    expect(placeAmong([], 10)).toBe(0);
  });

  it('never goes back as the pointer goes forward', () => {
    fc.assert(fc.property(fc.integer({ min: -500, max: 500 }), fc.integer({ min: 0, max: 500 }), (at, step) => placeAmong(blocks, at) <= placeAmong(blocks, at + step)));
  });
});

describe('lineAt', () => {
  it('is between the items around the place, at the edge of an end, or mid-way in an empty column', () => {
    expect(lineAt(blocks, 0, { start: 0, end: 400 })).toBe(0);
    expect(lineAt(blocks, 1, { start: 0, end: 400 })).toBe(105);
    expect(lineAt(blocks, 3, { start: 0, end: 400 })).toBe(300);
    expect(lineAt([], 0, { start: 40, end: 80 })).toBe(60);
  });
});

describe('edgeScroll', () => {
  const pane = { start: 100, end: 700 };
  it('scrolls only near an edge the pointer is heading to, faster nearer it, never past its pace', () => {
    expect(edgeScroll(400, pane, 1)).toBe(0);
    expect(edgeScroll(100 + EDGE_ZONE / 2, pane, -1)).toBe(-EDGE_SPEED / 2);
    expect(edgeScroll(100, pane, -1)).toBe(-EDGE_SPEED);
    expect(edgeScroll(20, pane, -1)).toBe(-EDGE_SPEED);
    expect(edgeScroll(699, pane, 1)).toBeGreaterThan(EDGE_SPEED / 2);
    expect(edgeScroll(900, pane, 1)).toBe(EDGE_SPEED);
  });

  it('does not scroll back up while the pointer crosses the top zone on its way down', () => {
    expect(edgeScroll(110, pane, 1)).toBe(0);
    expect(edgeScroll(690, pane, -1)).toBe(0);
  });
});
