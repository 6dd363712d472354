import { Injectable } from '@nestjs/common';
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

  /** Records an uploaded image; throws PersonErasedError once the person's erasure has started. */
  async record(person: KnownPerson, { imageId, ...image }: NewImage): Promise<void> {
    await this.prisma.$transaction(async (tx) => {
      await lockActivePerson(tx, person);
      await tx.image.create({ data: { id: imageId, projectId: person.projectId, environment: person.environment, personId: person.personId, ...image } });
    });
  }
}
