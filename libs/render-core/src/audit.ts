import { htmlProblems } from './audit-html';
import { type FinishOptions, referenceRender } from './render';
import type { Layout, RenderResult } from './types';

/** What the sampled check found: script-capable places (counted, never shown: they hold merge values), and fields unlike the reference's. */
export interface RenderAudit {
  unsafe: number;
  differs: string[];
}

const FIELDS = ['html', 'text', 'bytes', 'mergeTags', 'warnings', 'subject', 'preheader'] as const;

/**
 * The check a renderer may run on a sample of renders (RENDER_AUDIT_SAMPLE): the compiled
 * render read by parse5 with the audit's own rules (audit-html.ts), and compared with the
 * reference merge's render of the same layout and merge. Both are what the differential
 * property test holds for random designs; this holds them for real ones.
 */
export function auditRender(layout: Layout, rendered: RenderResult, options: FinishOptions): RenderAudit {
  const unsafe = htmlProblems(rendered.html).length + htmlProblems(rendered.chunks.body).length;
  const reference = referenceRender(layout, options);
  const differs: string[] = FIELDS.filter((field) => JSON.stringify(rendered[field]) !== JSON.stringify(reference[field]));
  if (rendered.chunks.body !== reference.chunks.body) differs.push('chunks.body');
  return { unsafe, differs };
}
