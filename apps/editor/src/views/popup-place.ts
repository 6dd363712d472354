/** A box on screen, as getBoundingClientRect gives it. */
export interface ScreenBox {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface PopupPlace {
  left: number;
  top: number;
  /** The popup scrolls past this height. */
  maxHeight: number;
}

/** Room kept between a popup and the frame's edges. */
export const EDGE_PX = 8;
/** Between the button and its popup. */
const GAP_PX = 4;

/**
 * Where a popup of `size` opens beside its `anchor` (a menu button) in a viewport of
 * `viewport`, all of it in sight: under the button, or over it when the popup does not fit
 * below and there is more room above; moved left as far as the right edge needs (never
 * past the left one); as high as the room on its side allows, scrolling the rest.
 * The popup is fixed to the viewport, so no ancestor that scrolls (the format bar at a
 * phone's width) cuts it off.
 */
export function popupPlace(anchor: ScreenBox, size: { width: number; height: number }, viewport: { width: number; height: number }): PopupPlace {
  const below = viewport.height - EDGE_PX - (anchor.bottom + GAP_PX);
  const above = anchor.top - GAP_PX - EDGE_PX;
  const up = size.height > below && above > below;
  const maxHeight = Math.max(0, up ? above : below);
  const left = Math.max(EDGE_PX, Math.min(anchor.left, viewport.width - EDGE_PX - size.width));
  const top = up ? anchor.top - GAP_PX - Math.min(size.height, maxHeight) : anchor.bottom + GAP_PX;
  return { left, top, maxHeight };
}
