import { checkDesign, darkModeDesign, type DarkModeScheme, type Finding } from '@embed/design-checks';
import type { DesignDocument } from '@embed/design-document/model';
import type { EditorApi } from '../services/editor-api';

/** What a preview shows: the renderer's HTML, and for a dark one the contrast findings of the dark design. */
export interface RenderedView {
  html: string;
  findings: Finding[];
}

/**
 * A popup's markup stays hidden until its script opens it on its trigger; the preview runs
 * no script, so it shows the popup open.
 */
export function previewHtml(html: string, mode: string): string {
  if (mode !== 'popup') return html;
  return html.replace('</head>', '<style>[data-embed-popup][hidden]{display:flex!important}</style></head>');
}

/**
 * The renderer's real HTML for the document (POST /editor/v1/render). With a dark-mode
 * scheme, the design as those inboxes show it (darkModeDesign), rendered the same way, and
 * the contrast findings of that dark design: what is hard to read there.
 */
export async function renderView(api: EditorApi, doc: DesignDocument, designId: string | null, scheme: DarkModeScheme | null): Promise<RenderedView> {
  const shown = scheme ? darkModeDesign(doc, scheme) : doc;
  const { html } = await api.render(shown, designId);
  return { html: previewHtml(html, doc.mode), findings: scheme ? checkDesign(shown).filter((finding) => finding.check === 'contrast') : [] };
}
