import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type CreateTemplateRequest,
  designForMode,
  fail,
  type ListTemplatesRequest,
  MAX_TEMPLATES_PER_ENVIRONMENT,
  ok,
  type ReplaceTemplateRequest,
  type RequestContext,
  safeFilename,
  type ServiceReply,
  type Template,
  type TemplateList,
  type TemplateRequest,
  type TemplateSummary,
  type TenantScope,
  tenantOf,
} from '@embed/contracts';
import { newTemplateId, newThumbnailId, TemplateLimitError, type TemplateRecord, TemplatesRepository, type TemplateSummaryRecord } from '@embed/data-access';
import { CursorError, KeysetCursorCodec } from '@embed/paging';
import { ObjectStorage, templateThumbnailKey } from '@embed/storage';
import { FILE_LINKS, type FileLinks } from '../common/file-links';
import { RendererClient } from '../exports/renderer-client';

export const templateNotFound = () => fail(404, 'template_not_found', 'no template with that id is this project’s in this environment');

/** The list a cursor is valid for: one project's templates in one environment. */
const listOf = ({ projectId, environment }: TenantScope) => JSON.stringify(['templates', projectId, environment]);

/**
 * The project's templates (docs/server-api.md, Templates): a document of the project's
 * mode with a thumbnail the renderer makes as it makes a PNG export. A template is recorded
 * only once its thumbnail is stored, and a thumbnail no record holds is removed, so each
 * template has exactly one and no file outlives its template.
 */
@Injectable()
export class TemplatesService {
  private readonly logger = new Logger(TemplatesService.name);

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly renderer: RendererClient,
    private readonly storage: ObjectStorage,
    private readonly cursors: KeysetCursorCodec,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async list({ scope, limit, cursor }: ListTemplatesRequest): Promise<ServiceReply<TemplateList>> {
    let after;
    try {
      after = cursor === undefined ? undefined : this.cursors.decode(cursor, listOf(scope));
    } catch (error) {
      if (error instanceof CursorError) return fail(400, 'request_invalid', error.message);
      throw error;
    }
    const page = await this.templates.listPage(scope, limit, after);
    const last = page.templates.at(-1);
    const templates = await Promise.all(page.templates.map((record) => this.summary(record)));
    return ok({ templates, nextCursor: page.hasMore && last ? this.cursors.encode(last, listOf(scope)) : null });
  }

  async get({ scope, templateId }: TemplateRequest): Promise<ServiceReply<Template>> {
    const record = await this.templates.find(scope, templateId);
    return record ? ok(await this.template(record)) : templateNotFound();
  }

  async create({ scope, mode, name, doc }: CreateTemplateRequest, context: RequestContext): Promise<ServiceReply<Template>> {
    const checked = designForMode(doc, mode);
    if (!checked.ok) return checked;
    const id = newTemplateId();
    const thumbnail = await this.makeThumbnail(scope, id, { mode, doc });
    if (!thumbnail.ok) return thumbnail;
    const thumbnailKey = thumbnail.value;
    try {
      const record = await this.templates.create(scope, { id, mode, name, doc, thumbnailKey }, MAX_TEMPLATES_PER_ENVIRONMENT, context);
      return ok(await this.template(record));
    } catch (error) {
      await this.removeThumbnail(thumbnailKey);
      if (error instanceof TemplateLimitError) {
        return fail(403, 'quota_exceeded', `quota projectTemplates reached: this project may keep ${error.limit} templates in this environment; nothing was stored (delete a template)`, {
          quota: 'projectTemplates',
          limit: error.limit,
        });
      }
      throw error;
    }
  }

  async replace({ scope, templateId, mode, name, doc }: ReplaceTemplateRequest, context: RequestContext): Promise<ServiceReply<Template>> {
    const checked = designForMode(doc, mode);
    if (!checked.ok) return checked;
    // Not worth a render when there is nothing to replace (it is checked again as it is written).
    if (!(await this.templates.find(scope, templateId))) return templateNotFound();
    const thumbnail = await this.makeThumbnail(scope, templateId, { mode, doc });
    if (!thumbnail.ok) return thumbnail;
    let replaced;
    try {
      replaced = await this.templates.replace(scope, templateId, { name, doc, thumbnailKey: thumbnail.value }, context);
    } catch (error) {
      await this.removeThumbnail(thumbnail.value);
      throw error;
    }
    if (!replaced) {
      await this.removeThumbnail(thumbnail.value);
      return templateNotFound();
    }
    await this.removeThumbnail(replaced.previousThumbnailKey);
    return ok(await this.template(replaced.template));
  }

  async delete({ scope, templateId }: TemplateRequest): Promise<ServiceReply<null>> {
    const deleted = await this.templates.delete(scope, templateId);
    if (!deleted) return templateNotFound();
    await this.removeThumbnail(deleted.thumbnailKey);
    return ok(null);
  }

  /** The PNG of the document's first screen, stored under a new key of the template; its key. */
  private async makeThumbnail(scope: TenantScope, templateId: string, content: Pick<CreateTemplateRequest, 'mode' | 'doc'>): Promise<ServiceReply<string>> {
    const storageKey = templateThumbnailKey(scope, templateId, newThumbnailId());
    const made = await this.renderer.makeThumbnail(content, { storageKey, tenant: tenantOf(scope) });
    return made.ok ? ok(storageKey) : made;
  }

  /** A thumbnail no template holds any more; a store that fails leaves a file no one links to, which is logged. */
  private async removeThumbnail(storageKey: string): Promise<void> {
    await this.storage.delete(storageKey).catch((err) => this.logger.error({ err, storageKey }, 'could not remove a template thumbnail no template holds'));
  }

  private async summary({ thumbnailKey, createdAt, updatedAt, ...record }: TemplateSummaryRecord): Promise<TemplateSummary> {
    const link = await this.storage.downloadLink(thumbnailKey, safeFilename(record.name, 'png'), new Date(Date.now() + this.links.retentionHours * 3_600_000));
    return {
      ...record,
      thumbnailUrl: new URL(link.url, this.links.publicBaseUrl).toString(),
      thumbnailExpiresAt: link.expiresAt.toISOString(),
      createdAt: createdAt.toISOString(),
      updatedAt: updatedAt.toISOString(),
    };
  }

  private async template(record: TemplateRecord): Promise<Template> {
    const { doc, ...summary } = record;
    return { ...(await this.summary(summary)), doc };
  }
}
