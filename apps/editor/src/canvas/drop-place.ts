// The geometry of a drag, kept pure so that it is tested without a browser: which place
// among the items along one axis a pointer falls in, where the line showing it goes, and
// how fast the canvas scrolls near its edges.

/** An item's extent along one axis (top and bottom, or left and right). */
export interface Span {
  start: number;
  end: number;
}

/** The place among `spans` (in order along the axis) that a pointer at `at` falls before: the first item whose middle is past it, or the end. */
export function placeAmong(spans: readonly Span[], at: number): number {
  const index = spans.findIndex((span) => at < (span.start + span.end) / 2);
  return index < 0 ? spans.length : index;
}

/** Where the line showing place `place` goes: between the items around it, at an end's edge, or mid-way along `within` when there is no item. */
export function lineAt(spans: readonly Span[], place: number, within: Span): number {
  if (spans.length === 0) return (within.start + within.end) / 2;
  if (place === 0) return spans[0].start;
  if (place >= spans.length) return spans[spans.length - 1].end;
  return (spans[place - 1].end + spans[place].start) / 2;
}

/** How near an edge the canvas starts scrolling, and its fastest pace, in pixels (a frame). */
export const EDGE_ZONE = 48;
export const EDGE_SPEED = 24;

/**
 * How far to scroll this frame with the pointer at `at` in a pane spanning `pane`:
 * negative towards the start, faster nearer (or past) the edge, 0 away from both. Only
 * towards the way the pointer last moved (`heading`, -1 or 1): a drag from the toolbar
 * crosses the top edge's zone on its way down, and must not scroll the canvas up as it passes.
 */
export function edgeScroll(at: number, pane: Span, heading: number): number {
  const pace = (depth: number) => Math.ceil(EDGE_SPEED * Math.min(1, depth / EDGE_ZONE));
  if (at < pane.start + EDGE_ZONE && heading < 0) return -pace(pane.start + EDGE_ZONE - at);
  if (at > pane.end - EDGE_ZONE && heading > 0) return pace(at - (pane.end - EDGE_ZONE));
  return 0;
}
