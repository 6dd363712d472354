import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type RequestContext, waitAllowedMs } from '@embed/contracts';
import { newId } from '../ids';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';
import { chargeQuotas } from '../quotas/quotas.repository';

export interface NewImage {
  imageId: string;
  storageKey: string;
  contentType: string;
  bytes: number;
}

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
    const timeout = waitAllowedMs(context.deadline);
    await this.prisma.$transaction(
      async (tx) => {
        await lockActivePerson(tx, person);
        await tx.image.create({ data: { id: imageId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...image } });
        await place();
        await chargeQuotas(tx, person, { images: 1, imageBytes: image.bytes, designs: 0 });
        assertBeforeDeadline(context.deadline, 'the image was recorded');
      },
      { maxWait: timeout, timeout },
    );
  }
}
