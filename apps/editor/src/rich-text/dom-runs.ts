// The views of runs (runs-view.ts) made into the browser's nodes; read-runs.ts reads the
// browser's nodes back as they are. The DOM is only a view: what is stored is always read
// back into runs, never kept as HTML.
import { mergeTagView, type ViewNode } from './runs-view';

function toDom(node: ViewNode): Node {
  if (node.nodeType === Node.TEXT_NODE) return document.createTextNode(node.nodeValue);
  const element = document.createElement(node.nodeName.toLowerCase());
  for (const [name, value] of Object.entries(node.attributes)) element.setAttribute(name, value);
  element.append(...node.childNodes.map(toDom));
  return element;
}

/** Makes `element` show `views` and nothing else. */
export const showViews = (element: HTMLElement, views: ViewNode[]) => element.replaceChildren(...views.map(toDom));

/** A merge tag as one unit that the caret steps over. */
export const mergeTagElement = (tag: string) => toDom(mergeTagView(tag)) as HTMLElement;
