import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { ENVIRONMENTS, type Environment } from '@embed/contracts';
import { TemplatesRepository } from '@embed/data-access';
import { PeriodicTask } from '@embed/service-runtime';
import { ObjectStorage, TEMPLATES_PREFIX } from '@embed/storage';
import { ORPHAN_THUMBNAIL_GRACE_MS, orphanThumbnails } from './orphan-thumbnails';

/** TEMPLATE_THUMBNAIL_SWEEP_MS: how often thumbnails no template holds are looked for. */
export const TEMPLATE_THUMBNAIL_SWEEP_MS = Symbol('TEMPLATE_THUMBNAIL_SWEEP_MS');

/** Thumbnails one pass removes at most: a pass is bounded whatever a crash or an outage of the store left behind; the next pass goes on. */
export const THUMBNAILS_PER_SWEEP = 500;

const isEnvironment = (name: string): name is Environment => (ENVIRONMENTS as readonly string[]).includes(name);
const lastSegment = (folder: string) => folder.slice(folder.slice(0, -1).lastIndexOf('/') + 1, -1);

/**
 * Removes template thumbnails that no template holds (docs/server-api.md, Templates): a
 * thumbnail is removed with its template or when it is replaced, but a crash between
 * storing a new one and recording it, or a store that failed to delete, leaves a file
 * behind. The sweep walks `templates/<project>/<environment>/<template>/`, reads each
 * environment's templates in one query, and deletes the thumbnails older than
 * ORPHAN_THUMBNAIL_GRACE_MS that are not their template's (all of them for a template that
 * is gone), at most THUMBNAILS_PER_SWEEP a pass. Deleting is idempotent, so every replica
 * sweeps and a second pass finds nothing.
 */
@Injectable()
export class ThumbnailSweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ThumbnailSweep.name);
  private readonly task: PeriodicTask;

  constructor(
    private readonly templates: TemplatesRepository,
    private readonly storage: ObjectStorage,
    @Inject(TEMPLATE_THUMBNAIL_SWEEP_MS) intervalMs: number,
  ) {
    this.task = new PeriodicTask('the sweep of template thumbnails no template holds', intervalMs, async () => {
      const deleted = await this.sweep(Date.now() - ORPHAN_THUMBNAIL_GRACE_MS);
      if (deleted > 0) this.logger.log({ deleted }, 'template thumbnails no template holds deleted');
    }, this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** One pass: the number of thumbnails deleted (at most `limit`), those made before `madeBefore` only. */
  async sweep(madeBefore: number, limit = THUMBNAILS_PER_SWEEP): Promise<number> {
    let deleted = 0;
    for await (const projectFolder of this.storage.listFolders(TEMPLATES_PREFIX)) {
      for await (const environmentFolder of this.storage.listFolders(projectFolder)) {
        const environment = lastSegment(environmentFolder);
        if (!isEnvironment(environment)) continue;
        const held = await this.templates.thumbnailKeys({ projectId: lastSegment(projectFolder), environment });
        for await (const templateFolder of this.storage.listFolders(environmentFolder)) {
          const keys: string[] = [];
          for await (const key of this.storage.list(templateFolder)) keys.push(key);
          for (const key of orphanThumbnails(keys, held.get(lastSegment(templateFolder)) ?? null, madeBefore)) {
            if (deleted >= limit) return deleted;
            await this.storage.delete(key);
            deleted++;
          }
        }
      }
    }
    return deleted;
  }
}
