import { DEFAULT_RETRY_POLICY } from './retry-policy';
import { type Call, type RetryEvent, Transport } from './transport';
import type {
  BrandKit,
  BrandKitRequest,
  CreateDesignRequest,
  CreateTokenRequest,
  Design,
  DesignList,
  DesignSummary,
  EraseResult,
  ExportRequest,
  FileExport,
  FileFormat,
  HtmlExport,
  ImageList,
  ImageSummary,
  ImportedDesign,
  ImportRequest,
  ListDesignsOptions,
  Rendered,
  ProjectRowRequest,
  RenderRequest,
  SavedRow,
  SavedRowList,
  TemplateRequest,
  Template,
  TemplateList,
  TemplateSummary,
  Token,
} from './types';

export interface EmbedClientOptions {
  /** The project's secret key (`sk_test_…` or `sk_live_…`); it decides the environment. Keep it on the server. */
  secretKey: string;
  /** The service's base address, e.g. `https://embed.example.com`. */
  baseUrl: string;
  /** Retries after the first attempt (429, 503, and lost answers of calls safe to repeat); 3 by default, 0 for none. */
  retries?: number;
  /** Time limit of one attempt in milliseconds; 30 000 by default (the service's own longest deadline is 15 s). */
  timeoutMs?: number;
  /** The longest `Retry-After` to wait for; a longer one is thrown at once. 60 000 ms by default. */
  maxRetryWaitMs?: number;
  /** Backoff of 503s and lost answers: the first wait in ms (500 by default), doubling up to `maxDelayMs` (8 000). */
  backoff?: { baseDelayMs?: number; maxDelayMs?: number };
  /** A fetch to use instead of the global one (a proxy agent, instrumentation). */
  fetch?: typeof fetch;
  /** Told before each retry. */
  onRetry?: (event: RetryEvent) => void;
}

const segment = (value: string) => encodeURIComponent(value);

/**
 * The embed service's server API (spec section 4). Every method throws EmbedApiError
 * for an error answer and EmbedConnectionError when no answer came.
 */
export class EmbedClient {
  // A private field, so that logging the client never prints the secret key.
  readonly #transport: Transport;

  constructor(options: EmbedClientOptions) {
    if (!options.secretKey) throw new TypeError('EmbedClient needs secretKey');
    if (!URL.canParse(options.baseUrl)) throw new TypeError('EmbedClient needs baseUrl, an absolute URL');
    const { retries, maxRetryWaitMs, backoff = {} } = options;
    this.#transport = new Transport({
      baseUrl: options.baseUrl,
      secretKey: options.secretKey,
      timeoutMs: options.timeoutMs ?? 30_000,
      fetch: options.fetch ?? globalThis.fetch,
      onRetry: options.onRetry,
      policy: {
        retries: retries ?? DEFAULT_RETRY_POLICY.retries,
        maxRetryWaitMs: maxRetryWaitMs ?? DEFAULT_RETRY_POLICY.maxRetryWaitMs,
        baseDelayMs: backoff.baseDelayMs ?? DEFAULT_RETRY_POLICY.baseDelayMs,
        maxDelayMs: backoff.maxDelayMs ?? DEFAULT_RETRY_POLICY.maxDelayMs,
      },
    });
  }

  private async json<T>(call: Call): Promise<T> {
    return (await this.#transport.send(call)).body as T;
  }

  /**
   * Spec 4.1: a short-lived editor token for one person on one site. Hand it to the page
   * and do not store it. Not repeated after a lost answer (it would mint a second token).
   */
  createToken(request: CreateTokenRequest): Promise<Token> {
    return this.json({ method: 'POST', path: '/embed/v1/tokens', body: request, idempotent: false });
  }

  /** Spec 4.2: one page of a person's designs, newest first; empty for a person never seen. */
  listDesigns(userId: string, options: ListDesignsOptions = {}): Promise<DesignList> {
    return this.json({ method: 'GET', path: `/embed/v1/users/${segment(userId)}/designs`, query: { ...options }, idempotent: true });
  }

  /** Every design of a person, newest first, fetching page after page (`limit` per page) as it is iterated. */
  async *listAllDesigns(userId: string, options: Omit<ListDesignsOptions, 'cursor'> = {}): AsyncGenerator<DesignSummary, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.listDesigns(userId, { ...options, cursor });
      yield* page.designs;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** Spec 4.3: the design as last saved, with its document; another person's design is 404 `design_not_found`. */
  getDesign(userId: string, designId: string): Promise<Design> {
    return this.json({ method: 'GET', path: `/embed/v1/users/${segment(userId)}/designs/${segment(designId)}`, idempotent: true });
  }

  /**
   * contracts section 8: creates a design for the person from a name and a document of the
   * project's mode (revision 0, sent as `design.saved`), as a migration from another editor
   * does. Not repeated after a lost answer: it would make a second design.
   */
  createDesign(userId: string, request: CreateDesignRequest): Promise<Design> {
    return this.json({ method: 'POST', path: `/embed/v1/users/${segment(userId)}/designs`, body: request, idempotent: false });
  }

  /**
   * Spec 4.4: exports a person's design as last saved. HTML (the default) answers the
   * HTML itself; `zip`, `pdf` and `png` answer a URL to fetch the file from. Each export
   * is recorded and sent as `export.created`, so it is not repeated after a lost answer.
   */
  exportDesign(designId: string, request: ExportRequest & { format?: 'html' }): Promise<HtmlExport>;
  exportDesign(designId: string, request: ExportRequest & { format: FileFormat }): Promise<FileExport>;
  exportDesign(designId: string, request: ExportRequest): Promise<HtmlExport | FileExport>;
  exportDesign(designId: string, request: ExportRequest): Promise<HtmlExport | FileExport> {
    return this.json({ method: 'POST', path: `/embed/v1/designs/${segment(designId)}/export`, body: request, idempotent: false });
  }

  /** Spec 4.5: renders a document you hold, by the project's mode. Nothing is stored, so it is safe to repeat. */
  renderDesign(request: RenderRequest): Promise<Rendered> {
    return this.json({ method: 'POST', path: '/embed/v1/render', body: request, idempotent: true });
  }

  /**
   * contracts section 8: another editor's design (Unlayer JSON, MJML) made into a design
   * document of the project's mode, with warnings naming what was lost. Nothing is
   * stored, so it is safe to repeat; save the result with `createDesign`.
   */
  importDesign(request: ImportRequest): Promise<ImportedDesign> {
    return this.json({ method: 'POST', path: '/embed/v1/imports', body: request, idempotent: true });
  }

  /** One page of the project's templates in the key's environment, newest first (docs/server-api.md, Templates). */
  listTemplates(options: ListDesignsOptions = {}): Promise<TemplateList> {
    return this.json({ method: 'GET', path: '/embed/v1/templates', query: { ...options }, idempotent: true });
  }

  /** Every template of the project's environment, newest first, fetching page after page (`limit` per page) as it is iterated. */
  async *listAllTemplates(options: Omit<ListDesignsOptions, 'cursor'> = {}): AsyncGenerator<TemplateSummary, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.listTemplates({ ...options, cursor });
      yield* page.templates;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** A template with its document and a fresh link to its thumbnail; another project's is 404 `template_not_found`. */
  getTemplate(templateId: string): Promise<Template> {
    return this.json({ method: 'GET', path: `/embed/v1/templates/${segment(templateId)}`, idempotent: true });
  }

  /**
   * Creates a template of the project's mode from a name and a document; the renderer
   * makes its thumbnail. Not repeated after a lost answer, as `createDesign`.
   */
  createTemplate(request: TemplateRequest): Promise<Template> {
    return this.json({ method: 'POST', path: '/embed/v1/templates', body: request, idempotent: false });
  }

  /** Replaces a template's name and document (and so its thumbnail); doing it twice equals doing it once. */
  replaceTemplate(templateId: string, request: TemplateRequest): Promise<Template> {
    return this.json({ method: 'PUT', path: `/embed/v1/templates/${segment(templateId)}`, body: request, idempotent: true });
  }

  /** Deletes a template and its thumbnail; designs started from it keep their documents. */
  async deleteTemplate(templateId: string): Promise<void> {
    await this.#transport.send({ method: 'DELETE', path: `/embed/v1/templates/${segment(templateId)}`, idempotent: true });
  }

  /** The project's brand kit in the key's environment (docs/server-api.md, Brand kit): the empty kit, `updatedAt` null, until one is set. */
  getBrandKit(): Promise<BrandKit> {
    return this.json({ method: 'GET', path: '/embed/v1/brand-kit', idempotent: true });
  }

  /** Sets the brand kit whole (a field left out takes its empty value); doing it twice equals doing it once. */
  putBrandKit(kit: BrandKitRequest): Promise<BrandKit> {
    return this.json({ method: 'PUT', path: '/embed/v1/brand-kit', body: kit, idempotent: true });
  }

  /** One page of the project's images in the key's environment, newest first (docs/server-api.md, Image library). */
  listProjectImages(options: ListDesignsOptions = {}): Promise<ImageList> {
    return this.json({ method: 'GET', path: '/embed/v1/images', query: { ...options }, idempotent: true });
  }

  /**
   * Uploads an image (PNG, JPEG, GIF or WebP, up to 5 MB) that every person of the project
   * may use in the editor; `contentType` is its `image/*` type. Not repeated after a lost
   * answer: it would store a second image.
   */
  uploadProjectImage(bytes: Uint8Array, contentType: string): Promise<ImageSummary> {
    return this.json({ method: 'POST', path: '/embed/v1/images', bytes: { data: bytes, contentType }, idempotent: false });
  }

  /** Deletes one of the project's images and its file; designs that show it keep its address, which stops serving it. */
  async deleteProjectImage(imageId: string): Promise<void> {
    await this.#transport.send({ method: 'DELETE', path: `/embed/v1/images/${segment(imageId)}`, idempotent: true });
  }

  /** One page of the project's rows in the key's environment, newest first (docs/server-api.md, Saved rows). */
  listRows(options: ListDesignsOptions = {}): Promise<SavedRowList> {
    return this.json({ method: 'GET', path: '/embed/v1/rows', query: { ...options }, idempotent: true });
  }

  /** Every project row of the environment, newest first, fetching page after page (`limit` per page) as it is iterated. */
  async *listAllRows(options: Omit<ListDesignsOptions, 'cursor'> = {}): AsyncGenerator<SavedRow, void, undefined> {
    let cursor: string | undefined;
    do {
      const page = await this.listRows({ ...options, cursor });
      yield* page.rows;
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** A project row; another project's is 404 `saved_row_not_found`. */
  getRow(rowId: string): Promise<SavedRow> {
    return this.json({ method: 'GET', path: `/embed/v1/rows/${segment(rowId)}`, idempotent: true });
  }

  /** Publishes a project row, locked or synced if asked; a lost answer is not retried (it would publish it twice). */
  createRow(request: ProjectRowRequest): Promise<SavedRow> {
    return this.json({ method: 'POST', path: '/embed/v1/rows', body: request, idempotent: false });
  }

  /** Replaces a project row's name, row and flags; synced designs show it from their next read. Doing it twice equals doing it once. */
  replaceRow(rowId: string, request: ProjectRowRequest): Promise<SavedRow> {
    return this.json({ method: 'PUT', path: `/embed/v1/rows/${segment(rowId)}`, body: request, idempotent: true });
  }

  /** Deletes a project row; designs keep their copies. */
  async deleteRow(rowId: string): Promise<void> {
    await this.#transport.send({ method: 'DELETE', path: `/embed/v1/rows/${segment(rowId)}`, idempotent: true });
  }

  /**
   * Spec 4.6: erases a person with all their data, at once. Asking again while it runs is
   * the same request, so it is safe to repeat.
   */
  async eraseUser(userId: string): Promise<EraseResult> {
    const answer = await this.#transport.send({ method: 'DELETE', path: `/embed/v1/users/${segment(userId)}`, idempotent: true });
    return answer.status === 204 ? { status: 'never_seen' } : { status: 'erasing' };
  }
}
