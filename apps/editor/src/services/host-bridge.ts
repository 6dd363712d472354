import {
  type ApiRequest,
  type ApiResponse,
  type EditorCommandName,
  type EditorError,
  editorError,
  type EditorEvents,
  type EditorOptions,
  envelope,
  type FrameMessage,
  isEnvelope,
  type JournalOp,
  type JournalOps,
  type JournalRequest,
  type PageMessage,
} from '@embed/editor-protocol';

type CommandHandler = (name: EditorCommandName, args: unknown[]) => Promise<unknown>;
/** An API call or journal operation the SDK has not answered yet. */
type Waiting = { resolve: (value: never) => void; reject: (error: EditorError) => void };

/**
 * The frame's side of the protocol. The frame cannot know the host page's origin ahead:
 * it takes the first `init` from its parent window and from then on listens to, and
 * posts to, that origin only.
 */
export class HostBridge {
  private hostOrigin: string | null = null;
  private nextId = 1;
  private readonly waiting = new Map<number, Waiting>();
  private commandHandler: CommandHandler | null = null;

  /** Resolves with the page's options once the SDK has answered the frame's hello. */
  connect(): Promise<EditorOptions> {
    return new Promise((resolve) => {
      window.addEventListener('message', (event) => {
        if (event.source !== window.parent || !isEnvelope(event.data)) return;
        const message = event.data as unknown as PageMessage;
        if (this.hostOrigin === null) {
          if (message.type !== 'init') return;
          this.hostOrigin = event.origin;
          return resolve(message.options);
        }
        if (event.origin === this.hostOrigin) this.receive(message);
      });
      window.parent.postMessage(envelope<FrameMessage>({ type: 'hello' }), '*');
    });
  }

  /** An editor API call, made by the SDK in the host page with its token. */
  api(request: ApiRequest): Promise<ApiResponse> {
    return this.ask((id) => ({ type: 'api', id, request }));
  }

  /** A journal operation, run by the SDK on the host page's journal; rejects with the SDK's error. */
  journal<K extends JournalOp>(op: K, args: JournalOps[K]['args']): Promise<JournalOps[K]['result']> {
    return this.ask((id) => ({ type: 'journal', id, op, args }) as JournalRequest);
  }

  emit<K extends keyof EditorEvents>(name: K, detail: EditorEvents[K]): void {
    this.post({ type: 'event', name, detail } as FrameMessage);
  }

  onCommand(handler: CommandHandler): void {
    this.commandHandler = handler;
  }

  private ask<T>(message: (id: number) => FrameMessage): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.post(message(id));
    });
  }

  private answer(id: number, settle: (waiting: Waiting) => void): void {
    const waiting = this.waiting.get(id);
    this.waiting.delete(id);
    if (waiting) settle(waiting);
  }

  private post(message: FrameMessage): void {
    if (this.hostOrigin) window.parent.postMessage(envelope(message), this.hostOrigin);
  }

  private receive(message: PageMessage): void {
    if (message.type === 'api-result') {
      this.answer(message.id, ({ resolve }) => resolve(message.response as never));
    } else if (message.type === 'journal-result') {
      this.answer(message.id, ({ resolve, reject }) => (message.ok ? resolve(message.value as never) : reject(message.error)));
    } else if (message.type === 'command') {
      const handler = this.commandHandler;
      if (!handler) return this.post({ type: 'result', id: message.id, ok: false, error: editorError('editor_not_ready', 'The editor is still loading.') });
      handler(message.name, message.args).then(
        (value) => this.post({ type: 'result', id: message.id, ok: true, value }),
        (error: EditorError) => this.post({ type: 'result', id: message.id, ok: false, error }),
      );
    }
  }
}
