import type { DesignDocument, DesignMode, DocumentSettings, PopupSettings } from '@embed/design-document/model';
import { newRow } from './new-blocks';

/**
 * A new popup: a centred dialog over a dimmed page, with its close button, shown once a
 * session a few seconds after the page opens (the settings most popups keep).
 */
const POPUP_SETTINGS: Omit<PopupSettings, 'label'> = {
  position: 'center',
  width: 520,
  overlay: { show: true, color: '#000000', opacity: 0.5, closeOnClick: true },
  closeButton: { show: true, position: 'inside' },
  trigger: { type: 'delay', seconds: 5 },
  frequency: { type: 'oncePerSession' },
};

/** A new printed document: an A4 portrait page with 20 mm margins. */
const DOCUMENT_SETTINGS: Omit<DocumentSettings, 'title'> = {
  pageSize: 'A4',
  orientation: 'portrait',
  margins: { top: 20, right: 20, bottom: 20, left: 20 },
};

/**
 * What a new design of `mode` starts from when the page gives no template: a valid
 * design of that mode with one empty row (which takes the first block added), the
 * settings its mode requires, and `title` (in the editor's language) where the mode has
 * a subject, title or label.
 */
export function blankDesign(mode: DesignMode, title: string): DesignDocument {
  const body = { rows: [newRow()] };
  switch (mode) {
    case 'email':
      return { schemaVersion: 1, mode, settings: { subject: title }, body };
    case 'page':
      return { schemaVersion: 1, mode, settings: { title }, body };
    case 'popup':
      return { schemaVersion: 1, mode, settings: { label: title, ...POPUP_SETTINGS }, body };
    case 'document':
      return { schemaVersion: 1, mode, settings: { title, ...DOCUMENT_SETTINGS }, body };
  }
}
