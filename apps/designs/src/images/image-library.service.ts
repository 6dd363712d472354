import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  type DeleteImageRequest,
  fail,
  IMAGE_IN_USE_NAMED,
  type ImageList,
  type ListImagesRequest,
  ok,
  type RequestContext,
  type ServiceReply,
  type TenantScope,
} from '@embed/contracts';
import { type ImageLibrary, ImagesRepository, PersonErasedError } from '@embed/data-access';
import { CursorError, KeysetCursorCodec } from '@embed/paging';
import { ObjectStorage } from '@embed/storage';
import { userErased } from '../common/replies';
import { FILE_LINKS, type FileLinks } from '../common/file-links';
import { PeopleService } from '../people/people.service';
import { imageSummary } from './image-summary';

export const imageNotFound = () => fail(404, 'image_not_found', 'no image with that id is in this library');

/** The list a cursor is valid for: one person's images, or the project's own, in one environment. */
const listOf = ({ scope, person }: ImageLibrary) => JSON.stringify(['images', scope.projectId, scope.environment, person?.personId ?? null]);

/**
 * The image libraries (docs/server-api.md, Image library): a person's uploads, which the
 * editor lists for reuse and lets them delete (warned first when their designs still show
 * one), and the project's own, which its integrator's server uploads and deletes.
 */
@Injectable()
export class ImageLibraryService {
  private readonly logger = new Logger(ImageLibraryService.name);

  constructor(
    private readonly people: PeopleService,
    private readonly images: ImagesRepository,
    private readonly storage: ObjectStorage,
    private readonly cursors: KeysetCursorCodec,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async list({ scope, userId, limit, cursor }: ListImagesRequest): Promise<ServiceReply<ImageList>> {
    const library = await this.library(scope, userId);
    if (!library.ok) return library;
    // A person the service has never seen has uploaded nothing.
    if (library.value === null) return ok({ images: [], nextCursor: null });
    let after;
    try {
      after = cursor === undefined ? undefined : this.cursors.decode(cursor, listOf(library.value));
    } catch (error) {
      if (error instanceof CursorError) return fail(400, 'request_invalid', error.message);
      throw error;
    }
    const page = await this.images.listPage(library.value, limit, after);
    const last = page.images.at(-1);
    return ok({
      images: page.images.map((record) => imageSummary(record, this.links)),
      nextCursor: page.hasMore && last ? this.cursors.encode(last, listOf(library.value)) : null,
    });
  }

  /**
   * Deletes an image and its files (the image, its thumbnail). A person's image that their designs (as last saved)
   * still show is kept unless `force`: the answer is 409 image_in_use naming those designs,
   * for the editor to ask first. Those designs keep the address, which stops showing it.
   */
  async delete({ scope, userId, imageId, force }: DeleteImageRequest, context: RequestContext): Promise<ServiceReply<null>> {
    const library = await this.library(scope, userId);
    if (!library.ok) return library;
    if (library.value === null) return imageNotFound();
    const { person } = library.value;
    if (person && !force) {
      const image = await this.images.find(library.value, imageId);
      if (!image) return imageNotFound();
      const designs = await this.images.designsShowing(person, image.storageKey, IMAGE_IN_USE_NAMED);
      if (designs.length > 0) {
        const names = designs.map(({ name }) => `“${name}”`).join(', ');
        return fail(409, 'image_in_use', `designs still show this image: ${names}; delete it anyway with force=true (they will show no image there)`, { designs });
      }
    }
    let deleted;
    try {
      deleted = await this.images.delete(library.value, imageId, context);
    } catch (error) {
      if (error instanceof PersonErasedError) return userErased();
      throw error;
    }
    if (!deleted) return imageNotFound();
    for (const key of [deleted.storageKey, deleted.thumbnailKey]) {
      if (key) await this.storage.delete(key).catch((err) => this.logger.error({ err, storageKey: key }, 'could not remove a file of a deleted image'));
    }
    return ok(null);
  }

  /** The person's library when `userId` is given (null for a person never seen), else the project's. */
  private async library(scope: TenantScope, userId: string | undefined): Promise<ServiceReply<ImageLibrary | null>> {
    if (userId === undefined) return ok({ scope, person: null });
    const person = await this.people.existing({ ...scope, userId });
    if (!person.ok) return person;
    return ok(person.value && { scope, person: person.value });
  }
}
