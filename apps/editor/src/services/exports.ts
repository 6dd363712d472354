import type { ExportFormat, FileExport, FileFormat, HtmlExport } from '@embed/contracts';
import type { DesignMode } from '@embed/design-document/model';
import { editorError } from '@embed/editor-protocol';
import { safeFilename } from '@embed/contracts/filenames';
import type { EditorStore } from '../state/editor-store';
import { ApiFailure, type EditorApi } from './editor-api';

/**
 * Which mode makes which file, as the service's contract says (FILE_FORMATS_BY_MODE of
 * @embed/contracts, whose module brings its message schemas and their validator: 150 KB
 * the editor would carry for one table). exports.spec.ts holds the two the same.
 */
export const FILES_BY_MODE: Readonly<Record<DesignMode, readonly FileFormat[]>> = {
  email: ['zip', 'pdf', 'png'],
  page: ['zip', 'pdf', 'png'],
  popup: ['zip', 'png'],
  document: ['zip', 'pdf', 'png'],
};

/** The formats a design of `mode` exports to: its HTML and plain text, the files its mode makes, and an email's MJML. */
export const exportFormats = (mode: DesignMode): ExportFormat[] => ['html', 'text', ...FILES_BY_MODE[mode], ...(mode === 'email' ? (['mjml'] as const) : [])];

/** What the service answers as text (an HtmlExport), made into a file here: its field, extension and type. */
const TEXT_FILES = {
  html: { extension: 'html', type: 'text/html;charset=utf-8', of: (answer: HtmlExport) => answer.html },
  text: { extension: 'txt', type: 'text/plain;charset=utf-8', of: (answer: HtmlExport) => answer.text },
  mjml: { extension: 'mjml', type: 'text/plain;charset=utf-8', of: (answer: HtmlExport) => answer.mjml ?? '' },
} as const;

/** An export as the person downloads it: a file the service keeps for a while, or the HTML or text made into a file here. */
export interface Download {
  format: ExportFormat;
  filename: string;
  url: string;
  bytes: number;
  /** A blob URL of this page, to let go of once the download is offered no more. */
  local: boolean;
}

const NOT_SAVED = editorError('design_not_saved', 'A read-only design that was never saved has nothing to export.');

/**
 * The design to export (exports are of the design as saved): what the person sees is
 * saved first; read-only, the design as it is stored.
 */
export async function designToExport(store: EditorStore): Promise<string> {
  if (!store.readOnly) return (await store.save()).designId;
  if (store.id) return store.id;
  throw NOT_SAVED;
}

/** Exports through POST /editor/v1/designs/{id}/export, as the SDK's export() answers it. */
export async function exportDesign(store: EditorStore, api: EditorApi, format: ExportFormat): Promise<HtmlExport | FileExport> {
  const designId = await designToExport(store);
  return api.exportDesign(designId, format).catch((error: ApiFailure) => Promise.reject({ code: error.code, message: error.message }));
}

/** Exports and makes the answer a file to download: the service's link for a file, the HTML, text or MJML as a file of this page. */
export async function exportForDownload(store: EditorStore, api: EditorApi, format: ExportFormat): Promise<Download> {
  const answer = await exportDesign(store, api, format);
  if ('format' in answer) return { format, filename: answer.filename, url: answer.url, bytes: answer.bytes, local: false };
  const made = format === 'text' || format === 'mjml' ? TEXT_FILES[format] : TEXT_FILES.html;
  const file = new Blob([made.of(answer)], { type: made.type });
  return { format, filename: safeFilename(store.name, made.extension), url: URL.createObjectURL(file), bytes: file.size, local: true };
}
