// The html blocks' worker (built beside the app, started by canvas/html-sanitizer.ts): it
// sanitizes an html block's markup by the renderer's own rules, so that the canvas shows
// what will be sent, and the page's bundle does not carry the sanitizer.
import { sanitizeRawHtml } from '@embed/render-core/sanitize';
import { answerCalls } from './services/worker-calls';

// The warnings are the checks' and the render's to give: the canvas only shows the markup.
const unheard = { add: () => undefined };

answerCalls<string, string>((html) => sanitizeRawHtml(html, 'an html block', unheard));
