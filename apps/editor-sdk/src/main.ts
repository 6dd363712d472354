// The SDK an integrator's page loads from {base_url}/editor/v1/embed.js (contracts §7). It
// puts the editor in an iframe on the service's origin, so the page's CSS and scripts
// cannot reach it, and makes the editor's API calls itself with the token getToken gives,
// so that each call carries the page's real Origin for the server to check (contracts §3).
// It also keeps the editor's journal of unsaved changes in the page's IndexedDB, which a
// browser gives the page under its default settings and refuses the frame of another site
// (libs/editor-protocol/src/journal.ts), sealed with the key of the token's person.
import {
  EDITOR_APP_PATH,
  type EditorCommandName,
  type EditorCommands,
  type EditorError,
  editorError,
  type EditorEventName,
  type EditorOptions,
  envelope,
  type FrameMessage,
  isEnvelope,
  type PageMessage,
} from '@embed/editor-protocol';
import { TEMPLATE_ID_PATTERN } from '@embed/contracts/ids';
import { callApi } from './api-calls';
import { PersonJournal } from './journal-calls';
import { journalCodeFrom } from './journal-code';
import { TokenKeeper, type TokenSource } from './tokens';

export interface MountOptions extends EditorOptions {
  getToken: TokenSource;
}

type PublicEvents = { change: undefined; save: EditorCommands['save']['result']; error: EditorError };
type Listener<K extends keyof PublicEvents> = (detail: PublicEvents[K]) => void;

/** How long the frame may take to load the design before mount gives up. */
const MOUNT_TIMEOUT_MS = 30_000;

const scriptUrl = (document.currentScript as HTMLScriptElement | null)?.src ?? '';
const baseUrl = scriptUrl ? new URL(scriptUrl).origin : '';
/** The journal's code, imported from the service once an editor of the page first needs it. */
const journalCode = journalCodeFrom(baseUrl);


/** How many editors this page has mounted: each one's place keeps its draft apart from the others'. */
let mounted = 0;

class EditorHandle {
  private readonly frame: HTMLIFrameElement;
  private readonly tokens: TokenKeeper;
  private readonly listeners: { [K in keyof PublicEvents]: Set<Listener<K>> } = { change: new Set(), save: new Set(), error: new Set() };
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: EditorError) => void }>();
  private nextId = 1;
  /** This person's journal in the page's IndexedDB; its key comes with the token (GET /editor/v1/session). */
  private readonly journal = new PersonJournal(() => this.journalKey(), mounted++, journalCode);
  private destroyed = false;
  private readonly ready: Promise<void>;
  private settleReady!: { resolve: () => void; reject: (error: EditorError) => void };

  constructor(
    container: HTMLElement,
    private readonly options: MountOptions,
  ) {
    this.tokens = new TokenKeeper(options.getToken);
    this.ready = new Promise((resolve, reject) => (this.settleReady = { resolve, reject }));
    this.frame = document.createElement('iframe');
    // The fragment names the page's language for the frame's loading state, painted before the editor knows its options.
    this.frame.src = `${baseUrl}${EDITOR_APP_PATH}#${/^[a-z]{2,3}/i.exec(options.locale ?? '')?.[0].toLowerCase() ?? 'en'}`;
    this.frame.title = 'Design editor';
    this.frame.allow = 'clipboard-read; clipboard-write';
    // Through the CSSOM, which a page's strict CSP allows (a style attribute it would block),
    // and important, so that no rule of the page's (`* { all: unset }`) can hide or shrink the frame.
    const frameStyle = { display: 'block', visibility: 'visible', width: '100%', height: '100%', 'min-height': '480px', border: '0', margin: '0', padding: '0', opacity: '1' };
    for (const [property, value] of Object.entries(frameStyle)) this.frame.style.setProperty(property, value, 'important');
    window.addEventListener('message', this.onMessage);
    container.appendChild(this.frame);
  }

  async start(): Promise<this> {
    const timer = setTimeout(() => this.settleReady.reject(editorError('editor_unavailable', 'The editor did not load in time.')), MOUNT_TIMEOUT_MS);
    try {
      await Promise.all([this.tokens.get(), this.ready]);
      return this;
    } catch (error) {
      this.destroy();
      throw isEditorError(error) ? error : editorError('token_unavailable', `getToken failed: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      clearTimeout(timer);
    }
  }

  on<K extends keyof PublicEvents>(name: K, listener: Listener<K>): this {
    this.listeners[name].add(listener);
    return this;
  }

  off<K extends keyof PublicEvents>(name: K, listener: Listener<K>): this {
    this.listeners[name].delete(listener);
    return this;
  }

  save(): Promise<EditorCommands['save']['result']> {
    return this.command('save', []);
  }

  export(format: string): Promise<unknown> {
    return this.command('export', [format]);
  }

  /**
   * Logout: deletes everything the editors of this person kept in this browser (their
   * journal: unsaved changes and undo histories); this editor goes on without a journal.
   * Works after destroy() too, once the editor had opened its journal.
   */
  forget(): Promise<void> {
    return this.journal.forget().catch((error: unknown) => {
      throw editorError('journal_unavailable', `The journal could not be forgotten: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** The design document with every edit made before the call (a copy: changing it changes nothing in the editor). */
  getDesign(): Promise<unknown> {
    return this.command('getDesign', []);
  }

  destroy(): void {
    if (this.destroyed) return;
    this.destroyed = true;
    window.removeEventListener('message', this.onMessage);
    this.frame.remove();
    this.tokens.forget();
    for (const { reject } of this.pending.values()) reject(editorError('editor_destroyed', 'The editor was destroyed.'));
    this.pending.clear();
    this.settleReady.reject(editorError('editor_destroyed', 'The editor was destroyed.'));
  }

  /** The person's journal key, as the service gives it with the token. */
  private async journalKey(): Promise<string> {
    const response = await callApi(baseUrl, this.tokens, { op: 'getSession' });
    const key = (response.body as { journalKey?: unknown } | null)?.journalKey;
    if (response.status !== 200 || typeof key !== 'string') throw new Error(`The service gave no journal key (${response.status}).`);
    return key;
  }

  private command<K extends EditorCommandName>(name: K, args: EditorCommands[K]['args']): Promise<EditorCommands[K]['result']> {
    if (this.destroyed) return Promise.reject(editorError('editor_destroyed', 'The editor was destroyed.'));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.post({ type: 'command', id, name, args });
    });
  }

  private post(message: PageMessage): void {
    this.frame.contentWindow?.postMessage(envelope(message), baseUrl);
  }

  private emit<K extends keyof PublicEvents>(name: K, detail: PublicEvents[K]): void {
    for (const listener of this.listeners[name]) {
      try {
        listener(detail);
      } catch (error) {
        setTimeout(() => {
          throw error;
        });
      }
    }
  }

  // Only messages of our protocol, from our frame, on the service's origin.
  private readonly onMessage = (event: MessageEvent): void => {
    if (event.source !== this.frame.contentWindow || event.origin !== baseUrl || !isEnvelope(event.data)) return;
    const message = event.data as FrameMessage;
    switch (message.type) {
      case 'hello': {
        const { designId, templateId, template, name, readOnly, locale, mergeTags } = this.options;
        return this.post({ type: 'init', options: { designId, templateId, template, name, readOnly, locale, mergeTags } });
      }
      case 'api':
        void callApi(baseUrl, this.tokens, message.request).then((response) => this.post({ type: 'api-result', id: message.id, response }));
        return;
      case 'journal':
        void this.journal.answer(message).then((result) => this.post({ type: 'journal-result', id: message.id, ...result }));
        return;
      case 'result': {
        const waiting = this.pending.get(message.id);
        this.pending.delete(message.id);
        if (message.ok) waiting?.resolve(message.value);
        else waiting?.reject(message.error);
        return;
      }
      case 'event':
        return this.onEvent(message.name, message.detail);
    }
  };

  private onEvent(name: EditorEventName, detail: unknown): void {
    if (name === 'ready') {
      this.settleReady.resolve();
    } else if (name === 'change') {
      this.emit('change', undefined);
    } else if (name === 'save') {
      this.emit('save', detail as PublicEvents['save']);
    } else {
      // An error before the design is open means it cannot be: mount rejects with it.
      this.settleReady.reject(detail as EditorError);
      this.emit('error', detail as EditorError);
    }
  }
}

const isEditorError = (value: unknown): value is EditorError =>
  typeof value === 'object' && value !== null && typeof (value as EditorError).code === 'string' && typeof (value as EditorError).message === 'string';

/** Puts an editor in `container`; resolves once the design is open and can be edited. */
async function mount(container: HTMLElement, options: MountOptions): Promise<EditorHandle> {
  if (!(container instanceof HTMLElement)) throw editorError('options_invalid', 'mount needs the element to put the editor in.');
  if (typeof options?.getToken !== 'function') throw editorError('options_invalid', 'mount needs a getToken function.');
  if (!baseUrl) throw editorError('options_invalid', 'embed.js must be loaded with a <script src> from the service.');
  if (options.templateId !== undefined && !(typeof options.templateId === 'string' && TEMPLATE_ID_PATTERN.test(options.templateId))) {
    throw editorError('options_invalid', 'templateId must be a template’s id: tpl_ and 26 letters and digits.');
  }
  return new EditorHandle(container, options).start();
}

(globalThis as { EmbedEditor?: unknown }).EmbedEditor = Object.freeze({ mount });
