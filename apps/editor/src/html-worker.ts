// The html blocks' worker (built beside the app, started by canvas/html-sanitizer.ts): it
// sanitizes an html block's markup by the renderer's own rules, so that the canvas shows
// what will be sent, and the page's bundle does not carry the sanitizer.
import { sanitizeRawHtml } from '@embed/render-core/sanitize';
import type { SanitizeAnswer, SanitizeRequest } from './canvas/html-sanitizer';

const scope = self as unknown as { onmessage: ((event: MessageEvent<SanitizeRequest>) => void) | null; postMessage(answer: SanitizeAnswer): void };

// The warnings are the checks' and the render's to give: the canvas only shows the markup.
const unheard = { add: () => undefined };

scope.onmessage = ({ data }) => scope.postMessage({ id: data.id, html: sanitizeRawHtml(data.html, 'an html block', unheard) });
