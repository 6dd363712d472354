import type { Inline } from '@embed/design-document/model';
import { useLayoutEffect, useRef } from 'preact/hooks';
import { showViews } from '../rich-text/dom-runs';
import { runsView, textContentView } from '../rich-text/runs-view';
import type { TextContent } from '../rich-text/tree';

/** Where a link may be opened from the editor: an absolute address of these schemes (a merge tag or a relative one is not). */
const OPENABLE = new Set(['http:', 'https:', 'mailto:']);

/**
 * A link clicked read-only opens in a new tab that gets no handle on the editor
 * (noopener), never in the editor's place: the frame would otherwise load any page the
 * design links to instead of the editor.
 */
function openElsewhere(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest('a');
  if (!link) return;
  event.preventDefault();
  let address: URL;
  try {
    address = new URL(link.getAttribute('href') ?? '');
  } catch {
    return;
  }
  if (OPENABLE.has(address.protocol)) window.open(address.href, '_blank', 'noopener,noreferrer');
}

/** A text or heading shown, not edited (read-only mode): the same runs as the editor writes, with nothing editable. */
export function RichTextView({ kind, value, style }: { kind: 'text' | 'heading'; value: TextContent | Inline[]; style?: Record<string, string> }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    if (ref.current) showViews(ref.current, kind === 'text' ? textContentView(value as TextContent) : runsView(value as Inline[]));
  }, [value]);
  return <div ref={ref} class={`rich-text rich-text-${kind}`} style={style} onClick={openElsewhere} />;
}
