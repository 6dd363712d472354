import type { PopupSettings } from '@embed/design-document';
import { scriptLiteral } from '../html';

/**
 * The object with its `type` first: the script is the same bytes for the same settings in
 * whatever order they came (a design stored in PostgreSQL's jsonb comes back with its keys
 * reordered, `{"days":7,"type":"everyDays"}`, and its export must be what its render was).
 */
const typeFirst = <T extends { type: string }>({ type, ...rest }: T): T => ({ type, ...rest }) as T;

/**
 * Browser script that shows the popup on its trigger, closes it (close button, overlay,
 * Escape) and remembers the close in storage per its frequency. Its handle is
 * `window.embedPopups[designId]` = { designId, element, open(), close() }; the root
 * element also carries `data-design-id`, and it fires `embed:popup-open`/`embed:popup-close`.
 */
export function popupScript(designId: string, settings: PopupSettings): string {
  const config = {
    designId,
    trigger: typeFirst(settings.trigger),
    frequency: typeFirst(settings.frequency),
    closeOnOverlay: settings.overlay?.closeOnClick ?? true,
  };
  return `(function () {
  var config = ${scriptLiteral(config)};
  var root = Array.prototype.filter.call(document.querySelectorAll('[data-embed-popup]'), function (element) {
    return element.getAttribute('data-design-id') === config.designId;
  })[0];
  if (!root) return;
  var key = 'embed-popup:' + config.designId;
  var DAY = 86400000;
  function store(kind) {
    try { return kind === 'session' ? window.sessionStorage : window.localStorage; } catch (error) { return null; }
  }
  function closedRecently() {
    var frequency = config.frequency;
    if (frequency.type === 'always') return false;
    var storage = store(frequency.type === 'oncePerSession' ? 'session' : 'local');
    var closedAt = storage && Number(storage.getItem(key));
    if (!closedAt) return false;
    return frequency.type !== 'everyDays' || Date.now() - closedAt < frequency.days * DAY;
  }
  function remember() {
    var storage = store(config.frequency.type === 'oncePerSession' ? 'session' : 'local');
    if (storage && config.frequency.type !== 'always') storage.setItem(key, String(Date.now()));
  }
  var shown = false;
  var lastFocus = null;
  function emit(name) {
    root.dispatchEvent(new CustomEvent(name, { bubbles: true, detail: { designId: config.designId } }));
  }
  function open() {
    if (shown) return;
    shown = true;
    lastFocus = document.activeElement;
    root.hidden = false;
    var focusable = root.querySelector('input, select, textarea, button, a[href]');
    if (focusable) focusable.focus();
    emit('embed:popup-open');
  }
  function close() {
    if (root.hidden) return;
    root.hidden = true;
    remember();
    if (lastFocus && lastFocus.focus) lastFocus.focus();
    emit('embed:popup-close');
  }
  root.addEventListener('click', function (event) {
    var target = event.target;
    if (target.closest('.edp-close') || (config.closeOnOverlay && target.classList.contains('edp-overlay'))) close();
  });
  document.addEventListener('keydown', function (event) { if (event.key === 'Escape') close(); });
  root.addEventListener('embed:form-submit', function () { remember(); });
  window.embedPopups = window.embedPopups || {};
  window.embedPopups[config.designId] = { designId: config.designId, element: root, open: open, close: close };
  if (closedRecently()) return;
  var trigger = config.trigger;
  function onExit(event) {
    if (event.clientY > 0 || event.relatedTarget) return;
    document.removeEventListener('mouseout', onExit);
    open();
  }
  function onScroll() {
    var scrollable = document.documentElement.scrollHeight - window.innerHeight;
    if (scrollable > 0 && (window.scrollY / scrollable) * 100 < trigger.percent) return;
    window.removeEventListener('scroll', onScroll);
    open();
  }
  function arm() {
    if (trigger.type === 'load') open();
    else if (trigger.type === 'delay') setTimeout(open, trigger.seconds * 1000);
    else if (trigger.type === 'exitIntent') document.addEventListener('mouseout', onExit);
    else if (trigger.type === 'scroll') { window.addEventListener('scroll', onScroll, { passive: true }); onScroll(); }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', arm);
  else arm();
})();`;
}
