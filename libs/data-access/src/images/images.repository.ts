import { Injectable } from '@nestjs/common';
import { assertBeforeDeadline, type RequestContext, waitAllowedMs } from '@embed/contracts';
import { newId } from '../ids';
import { type KnownPerson, lockActivePerson } from '../people/people.repository';
import { PrismaService } from '../prisma.service';

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
   * Stores an uploaded image with `store` and records it, both while the person's row is
   * held (see lockActivePerson): an erasure's marking waits for an upload in flight, whose
   * file is then under the person's prefix when the erasure removes it, and an upload that
   * comes later stores nothing. Throws PersonErasedError once the person's erasure has started;
   * past the deadline of the request (`context`) the transaction is rolled back. The lock is
   * held while the file is written, which an erasure's marking waits for: at most until then.
   */
  async store(person: KnownPerson, { imageId, ...image }: NewImage, store: () => Promise<void>, context: RequestContext): Promise<void> {
    const timeout = waitAllowedMs(context.deadline);
    await this.prisma.$transaction(
      async (tx) => {
        await lockActivePerson(tx, person);
        await store();
        await tx.image.create({ data: { id: imageId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...image } });
        assertBeforeDeadline(context.deadline, 'the image was recorded');
      },
      { maxWait: timeout, timeout },
    );
  }
}
