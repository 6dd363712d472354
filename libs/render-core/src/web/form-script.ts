import { scriptLiteral } from '../html';

/**
 * Browser script for the forms of a page or popup: on submit it fires a cancelable
 * `embed:form-submit` event (bubbling, detail: designId, formId, values) on the form;
 * unless a listener cancels it, it posts the values to the form's action (if any) and
 * shows the success message.
 */
export function formScript(designId: string, scope: string): string {
  return `(function () {
  var designId = ${scriptLiteral(designId)};
  var scope = document.querySelectorAll(${scriptLiteral(scope)});
  Array.prototype.forEach.call(scope, function (root) {
    if (root.getAttribute('data-design-id') !== designId) return;
    Array.prototype.forEach.call(root.querySelectorAll('form.ed-form'), function (form) {
      form.addEventListener('submit', function (submit) {
        submit.preventDefault();
        var values = {};
        new FormData(form).forEach(function (value, name) { values[name] = String(value); });
        var detail = { designId: designId, formId: form.getAttribute('data-form-id'), values: values };
        var event = new CustomEvent('embed:form-submit', { bubbles: true, cancelable: true, detail: detail });
        if (!form.dispatchEvent(event)) return;
        var done = function () {
          var status = form.querySelector('.ed-form-done');
          status.textContent = form.getAttribute('data-success') || 'Thank you.';
          status.hidden = false;
          form.querySelector('button[type=submit]').disabled = true;
        };
        var action = form.getAttribute('action');
        if (!action) return done();
        fetch(action, { method: 'POST', body: new FormData(form) }).then(done, done);
      });
    });
  });
})();`;
}
