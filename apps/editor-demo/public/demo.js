// The demo page's own script: what an integrator writes around EmbedEditor.mount. The
// person is the server's to know: this page only asks its own server for a token and for
// the list, and names designs by id in its address (?design=<id>, or ?new=blank|example).
const params = new URLSearchParams(location.search);
const status = document.getElementById('status');
let designId = params.get('design');

/** A token from the page's own server, which mints it with the secret key (contracts §7). */
async function getToken() {
  const answer = await fetch('/my-editor-token', { method: 'POST' });
  if (!answer.ok) throw new Error(`the demo server gave no token (${answer.status})`);
  return (await answer.json()).token;
}

async function showDesigns() {
  const list = document.getElementById('designs');
  const answer = await fetch('/my-designs');
  if (!answer.ok) return list.replaceChildren(item(`The list could not be read (${answer.status}).`));
  const { designs } = await answer.json();
  if (designs.length === 0) return list.replaceChildren(item('None yet: make one and save it.'));
  list.replaceChildren(
    ...designs.map((design) => {
      const link = document.createElement('a');
      link.href = `/?design=${encodeURIComponent(design.id)}`;
      link.textContent = design.name;
      if (design.id === designId) link.setAttribute('aria-current', 'page');
      return item(link);
    }),
  );
}

function item(content) {
  const li = document.createElement('li');
  li.append(content);
  return li;
}

async function openEditor() {
  const options = { getToken };
  if (designId) options.designId = designId;
  else if (params.get('new') === 'example') options.template = await (await fetch('/example-design.json')).json();
  try {
    const editor = await EmbedEditor.mount(document.getElementById('editor'), options);
    // Left on window so that the SDK can be tried from the browser's console (window.editor is the #editor element).
    window.embedEditor = editor;
    status.textContent = designId ? 'Editing a saved design.' : 'A new design: it is kept from its first save (Save or Ctrl+S).';
    editor.on('save', ({ designId: saved, revision }) => {
      if (designId !== saved) history.replaceState(null, '', `/?design=${encodeURIComponent(saved)}`);
      designId = saved;
      status.textContent = `Saved, revision ${revision}.`;
      void showDesigns();
    });
    editor.on('error', ({ code, message }) => (status.textContent = `${message} (${code})`));
  } catch (error) {
    status.textContent = `The editor could not open: ${error.message} (${error.code})`;
  }
}

void showDesigns();
void openEditor();
