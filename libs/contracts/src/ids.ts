// The id rules a browser needs too, in a file of their own (`@embed/contracts/ids`), so
// that the editor and its SDK take them without the schemas of the whole registry.

/** A design id: 26 letters and digits (a ULID, as the designs service makes them). */
export const DESIGN_ID_PATTERN = /^[0-9A-Za-z]{26}$/;

/** A template id: `tpl_` and a lower-case ULID (the designs service makes them). */
export const TEMPLATE_ID_PATTERN = /^tpl_[0-9a-z]{26}$/;

/** An uploaded image's id: `img_` and a lower-case ULID (the designs service makes them). */
export const IMAGE_ID_PATTERN = /^img_[0-9a-z]{26}$/;
/** A saved row's id: `row_` and a lower-case ULID (the designs service makes them; a synced row's design holds it). */
export const SAVED_ROW_ID_PATTERN = /^row_[0-9a-z]{26}$/;
