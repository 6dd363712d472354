import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type RequestContext, type TenantScope } from '@embed/contracts';
import type { KeysetPosition } from '@embed/paging';
import { newId } from '../ids';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';
import { chargeProjectQuotas, chargeQuotas, releaseProjectQuotas, releaseQuotas } from '../quotas/quotas.repository';

export interface NewImage {
  imageId: string;
  storageKey: string;
  /** Its thumbnail's key, or null when none could be made. */
  thumbnailKey: string | null;
  contentType: string;
  bytes: number;
}

/** An image as a library lists it; `personId` null for the project's own. */
export interface ImageRecord {
  id: string;
  personId: string | null;
  storageKey: string;
  thumbnailKey: string | null;
  contentType: string;
  bytes: number;
  createdAt: Date;
}

export interface ImagePage {
  images: ImageRecord[];
  /** Whether images follow the last one of this page. */
  hasMore: boolean;
}

/** Whose library: a person's (their images) or, null, the project's own of the scope's environment. */
export type ImageLibrary = { scope: TenantScope; person: KnownPerson | null };

/** A design that still shows an image: named in a 409 image_in_use. */
export interface DesignShowing {
  id: string;
  name: string;
}

const recordFields = { id: true, personId: true, storageKey: true, thumbnailKey: true, contentType: true, bytes: true, createdAt: true } as const;
const inLibrary = ({ scope, person }: ImageLibrary) => ({ projectId: scope.projectId, environment: scope.environment, personId: person?.personId ?? null });

/** The id of an uploaded image, chosen before it is stored since its key carries it. */
export const newImageId = () => newId('img');

/** Images people uploaded through the editor; the files themselves are in object storage. */
@Injectable()
export class ImagesRepository {
  constructor(private readonly prisma: PrismaService) {}

  /**
   * Records an uploaded image whose file is already staged, and moves the file to its key
   * with `place`, both while the person's lock is held (see lockActivePerson): an erasure's
   * marking waits for an upload being recorded, whose file is then under the person's
   * prefix when the erasure removes it, and an upload that comes later records nothing.
   * The image counts against the person's and the project's quotas (chargeQuotas).
   * Throws PersonErasedError once the person's erasure has started, QuotaExceededError
   * when a quota has no room for it; past the deadline of the request (`context`) the
   * transaction is rolled back. The file is written before (staged): the lock and the
   * connection are held for the move (a rename, or a copy within the store), not the write.
   */
  async record(person: KnownPerson, { imageId, ...image }: NewImage, place: () => Promise<void>, context: RequestContext): Promise<void> {
    await this.prisma.transaction(
      async (tx) => {
        await lockActivePerson(tx, person);
        await tx.image.create({ data: { id: imageId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...image } });
        await place();
        await chargeQuotas(tx, person, { images: 1, imageBytes: image.bytes, designs: 0 });
        assertBeforeDeadline(context.deadline, 'the image was recorded');
      },
      context.deadline,
    );
  }

  /**
   * Records an image the project's integrator uploaded (no person's: erasure never takes
   * it) and moves its staged file to its key with `place`; it counts against the project's
   * quotas only (QuotaExceededError when they have no room).
   */
  async recordProjectImage(scope: TenantScope, { imageId, ...image }: NewImage, place: () => Promise<void>, context: RequestContext): Promise<ImageRecord> {
    return this.prisma.transaction(
      async (tx) => {
        const row = await tx.image.create({ data: { id: imageId, projectId: scope.projectId, environment: scope.environment, personId: null, ...image }, select: recordFields });
        await place();
        await chargeProjectQuotas(tx, scope, { images: 1, imageBytes: image.bytes, designs: 0 });
        assertBeforeDeadline(context.deadline, 'the image was recorded');
        return row;
      },
      context.deadline,
    );
  }

  /** A library's images newest first by upload, ties by id (keyset order, so a delete never moves the others between pages). */
  async listPage(library: ImageLibrary, limit: number, after?: KeysetPosition): Promise<ImagePage> {
    const below = after && { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] };
    const rows = await this.prisma.image.findMany({
      where: { ...inLibrary(library), ...below },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take: limit + 1,
      select: recordFields,
    });
    return { images: rows.slice(0, limit), hasMore: rows.length > limit };
  }

  async find(library: ImageLibrary, imageId: string): Promise<ImageRecord | null> {
    return this.prisma.image.findFirst({ where: { ...inLibrary(library), id: imageId }, select: recordFields });
  }

  /**
   * The person's designs (as last saved) whose document holds `storageKey`, the part of
   * the image's address no other image shares, at most `max` of them. Bounded by the
   * person's design quota; read without a lock, since a warning needs no more.
   */
  async designsShowing(person: KnownPerson, storageKey: string, max: number): Promise<DesignShowing[]> {
    return this.prisma.$queryRaw<DesignShowing[]>`
      SELECT id, name FROM "Design"
      WHERE "personId" = ${person.personId} AND strpos(doc::text, ${storageKey}) > 0
      ORDER BY "createdAt" DESC, id DESC
      LIMIT ${max}`;
  }

  /**
   * Deletes an image of the library and gives its place in the quotas back, in one
   * transaction (a person's under their lock, so an erasure does not count it twice);
   * the deleted record, whose file the caller removes, or null when the library has none.
   */
  async delete(library: ImageLibrary, imageId: string, context: RequestContext): Promise<ImageRecord | null> {
    return this.prisma.transaction(async (tx) => {
      if (library.person) await lockActivePerson(tx, library.person);
      const [row] = await tx.image.findMany({ where: { ...inLibrary(library), id: imageId }, select: recordFields });
      if (!row) return null;
      await tx.image.delete({ where: { id: imageId } });
      const charge = { images: 1, imageBytes: row.bytes, designs: 0 };
      if (library.person) await releaseQuotas(tx, library.person, charge);
      else await releaseProjectQuotas(tx, library.scope, charge);
      return row;
    }, context.deadline);
  }
}
