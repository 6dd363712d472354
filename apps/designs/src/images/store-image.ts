import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  fail,
  IMAGE_MAX_PIXELS,
  type ImageSummary,
  type ImageUpload,
  ok,
  type RequestContext,
  type ServiceReply,
  type StoreImageRequest,
  type StoreProjectImageRequest,
} from '@embed/contracts';
import { ImagesRepository, newImageId, PersonErasedError, QuotaExceededError, QuotasRepository } from '@embed/data-access';
import {
  CONTENT_TYPES,
  type FileExtension,
  imageDimensions,
  imageKey,
  ObjectStorage,
  projectImageKey,
  projectStagingKey,
  sniffImage,
  stagingKey,
  StorageUnavailableError,
  thumbnailKeyOf,
} from '@embed/storage';
import { quotaExceeded, userErased } from '../common/replies';
import { FILE_LINKS, type FileLinks, publicImageUrl } from '../common/file-links';
import { PeopleService } from '../people/people.service';
import { imageSummary } from './image-summary';
import { makeThumbnail } from './thumbnail';

/** An upload's bytes once judged an image the service takes, with the thumbnail made of them (null when none could be). */
interface CheckedImage {
  body: Buffer;
  extension: FileExtension;
  thumbnail: Buffer | null;
}

/** Where an upload's file is written first and where it is kept once recorded. */
interface ImageKeys {
  staged: string;
  storageKey: string;
}

/** The files an upload stores: the image and, when one was made, its thumbnail beside it (staged and kept alike). */
const filesOf = (keys: ImageKeys, { body, extension, thumbnail }: CheckedImage) => [
  { staged: keys.staged, kept: keys.storageKey, body, contentType: CONTENT_TYPES[extension] },
  ...(thumbnail ? [{ staged: thumbnailKeyOf(keys.staged), kept: thumbnailKeyOf(keys.storageKey), body: thumbnail, contentType: CONTENT_TYPES.webp }] : []),
];

/**
 * Storing an image uploaded through the editor (contracts §3) or, for the project itself,
 * by the integrator's server (`POST /embed/v1/images`). Its type is the bytes' own,
 * whatever the upload's header said; SVG is refused (it can carry scripts), and so is an
 * image whose header declares more than IMAGE_MAX_PIXELS (a decompression bomb), judged
 * before anything decodes it. A small WebP thumbnail is made of it (thumbnail.ts) and kept
 * beside it, for the libraries to show.
 *
 * The file is written to a staging key first, with no database connection held; then the
 * image is recorded, counted against the quotas and its file moved to its key in one
 * transaction (a person's under their lock: ImagesRepository.record), so an erasure
 * starting meanwhile waits for it and then removes the file with the rest. An upload that
 * fails on the way leaves no file behind; one cut short by a crash leaves a staged file
 * that the erasure of its person or the staging sweep removes.
 */
@Injectable()
export class StoreImage {
  private readonly logger = new Logger(StoreImage.name);

  constructor(
    private readonly people: PeopleService,
    private readonly images: ImagesRepository,
    private readonly quotas: QuotasRepository,
    private readonly storage: ObjectStorage,
    @Inject(FILE_LINKS) private readonly links: FileLinks,
  ) {}

  async execute({ person: scope, bytes }: StoreImageRequest, context: RequestContext): Promise<ServiceReply<ImageUpload>> {
    const image = await checkedImage(bytes);
    if (!image.ok) return image;
    const { body, extension, thumbnail } = image.value;
    const person = await this.people.existing(scope);
    if (!person.ok) return person;
    // Uploading needs a token, which makes the person known; one gone since is being (or was) erased.
    if (!person.value) return userErased();
    const known = person.value;
    // A person at a quota costs no write; the record below decides, under the lock.
    const breach = await this.quotas.wouldPass(known, { images: 1, imageBytes: body.length, designs: 0 });
    if (breach) return quotaExceeded(breach);
    const imageId = newImageId();
    const keys = { staged: stagingKey(known, imageId, extension), storageKey: imageKey(known, imageId, extension) };
    const stored = await this.place(keys, image.value, (place) =>
      this.images.record(known, { imageId, storageKey: keys.storageKey, thumbnailKey: thumbnail && thumbnailKeyOf(keys.storageKey), contentType: CONTENT_TYPES[extension], bytes: body.length }, place, context),
    );
    return stored.ok ? ok({ url: publicImageUrl(this.links, keys.storageKey) }) : stored;
  }

  /** An image of the project's environment, offered to all its people; only the project's quotas count it. */
  async executeForProject({ scope, bytes }: StoreProjectImageRequest, context: RequestContext): Promise<ServiceReply<ImageSummary>> {
    const image = await checkedImage(bytes);
    if (!image.ok) return image;
    const { body, extension, thumbnail } = image.value;
    const imageId = newImageId();
    const keys = { staged: projectStagingKey(scope, imageId, extension), storageKey: projectImageKey(scope, imageId, extension) };
    const stored = await this.place(keys, image.value, (place) =>
      this.images.recordProjectImage(
        scope,
        { imageId, storageKey: keys.storageKey, thumbnailKey: thumbnail && thumbnailKeyOf(keys.storageKey), contentType: CONTENT_TYPES[extension], bytes: body.length },
        place,
        context,
      ),
    );
    return stored.ok ? ok(imageSummary(stored.value, this.links)) : stored;
  }

  /** Writes the staged files (the image, its thumbnail), then records the image with `record` (which moves them in place); on any failure no file stays behind. */
  private async place<T>(keys: ImageKeys, image: CheckedImage, record: (place: () => Promise<void>) => Promise<T>): Promise<ServiceReply<T>> {
    const files = filesOf(keys, image);
    try {
      for (const file of files) await this.storage.put(file.staged, file.body, file.contentType);
      return ok(
        await record(async () => {
          for (const file of files) await this.storage.move(file.staged, file.kept);
        }),
      );
    } catch (error) {
      // An upload that stored its files and then failed leaves nothing behind either, staged or moved.
      for (const key of files.flatMap((file) => [file.staged, file.kept])) {
        await this.storage.delete(key).catch((err) => this.logger.error({ err, storageKey: key }, 'could not remove an image that was not recorded'));
      }
      if (error instanceof PersonErasedError) return userErased();
      if (error instanceof QuotaExceededError) return quotaExceeded(error.breach);
      if (error instanceof StorageUnavailableError) return fail(503, 'service_unavailable', error.message);
      throw error;
    }
  }
}

/** The upload's bytes as an image the service takes, or the refusal naming why not. */
async function checkedImage(bytes: string): Promise<ServiceReply<CheckedImage>> {
  const body = Buffer.from(bytes, 'base64');
  const extension = await sniffImage(body);
  if (!extension) return fail(400, 'request_invalid', 'The body is not a PNG, JPEG, GIF or WebP image.');
  const size = imageDimensions(body);
  if (!size) return fail(400, 'request_invalid', 'The image’s header gives no width and height.');
  const pixels = size.width * size.height;
  if (pixels > IMAGE_MAX_PIXELS) {
    return fail(413, 'request_invalid', `The image is ${size.width}x${size.height} pixels (${pixels}); at most ${IMAGE_MAX_PIXELS} pixels (width times height, such as 5000x5000) are taken.`);
  }
  return ok({ body, extension, thumbnail: await makeThumbnail(body) });
}
