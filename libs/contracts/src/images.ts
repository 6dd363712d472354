import { type Static, Type } from '@sinclair/typebox';
import { IMAGE_ID_PATTERN } from './ids';
import { describing, OneOf, PageFields, PersonScopeSchema, Strict, TenantScopeSchema, TimeSchema, UserIdSchema } from './schema';

/** Uploaded images up to 5 MB (contracts §3); larger ones are answered 413. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** Characters of the base64 text of `bytes` bytes. */
export const base64Length = (bytes: number) => Math.ceil(bytes / 3) * 4;

/**
 * An image upload's bytes on their way to the designs service, which owns images: it
 * reads their type, stores them and records them under the person's lock, so that an
 * erasure starting meanwhile waits for the upload and then removes its file. Base64 of
 * 5 MB is under 7 MB, within the 8 MB every NATS of the system carries.
 */
export const StoreImageRequestSchema = Strict({
  person: PersonScopeSchema,
  bytes: Type.String({ minLength: 1, maxLength: base64Length(IMAGE_MAX_BYTES), contentEncoding: 'base64', pattern: '^[A-Za-z0-9+/]+={0,2}$' }),
});
export type StoreImageRequest = Static<typeof StoreImageRequestSchema>;

/** contracts §3: the answer to `POST /editor/v1/images`, where the image is served from. */
export interface ImageUpload {
  url: string;
}
export const ImageUploadSchema = describing<ImageUpload>()(Strict({ url: Type.String({ format: 'uri' }) }));

/**
 * Uploaded images up to this many pixels (width times height, read from the header):
 * a PNG of a few KB can declare 20000x20000, which a browser or the renderer decoding it
 * would hold as 1.6 GB. 25 million is 5000x5000, more than any email or page shows.
 */
export const IMAGE_MAX_PIXELS = 25_000_000;

/**
 * The image library (issue 32): the images a person uploaded, which the editor lists for
 * reuse and lets them delete, and the project's images, which the integrator's server
 * uploads for everyone of the project's environment. Owned by the designs service.
 */
export const IMAGES_SUBJECTS = {
  list: 'designs.images.list.v1',
  delete: 'designs.images.delete.v1',
  storeProjectImage: 'designs.images.store-project.v1',
} as const;

export const ImageIdSchema = Type.String({ pattern: IMAGE_ID_PATTERN.source });

/** Whose image it is: the person's own upload, or the project's (uploaded by the integrator's server, offered to everyone). */
export const IMAGE_OWNERS = ['person', 'project'] as const;
export type ImageOwner = (typeof IMAGE_OWNERS)[number];

/** One image of a library: where it is served (the address a design holds) and what it is. */
export interface ImageSummary {
  id: string;
  /** The image's public address, as an upload answers it; a design holds this address. */
  url: string;
  /** A small WebP of it (at most 320 pixels wide and high) for a library to show; the image's own address for an image uploaded before thumbnails were made. */
  thumbnailUrl: string;
  owner: ImageOwner;
  contentType: string;
  bytes: number;
  createdAt: string;
}

export interface ImageList {
  images: ImageSummary[];
  nextCursor: string | null;
}

export const ImageSummarySchema = describing<ImageSummary>()(
  Strict(
    {
      id: ImageIdSchema,
      url: Type.String({ format: 'uri', description: 'The image’s public address, which a design holds.' }),
      thumbnailUrl: Type.String({
        format: 'uri',
        description: 'A small WebP of the image (at most 320 pixels wide and high), made at upload, for a library to show; the image’s own address for one uploaded before thumbnails were made.',
      }),
      owner: OneOf(IMAGE_OWNERS),
      contentType: Type.String(),
      bytes: Type.Integer({ minimum: 1 }),
      createdAt: TimeSchema,
    },
    { title: 'ImageSummary' },
  ),
);
export const ImageListSchema = describing<ImageList>()(Strict({ images: Type.Array(ImageSummarySchema), nextCursor: Type.Union([Type.String(), Type.Null()]) }));

/** A library of one project's environment: a person's images when `userId` is given, else the project's. */
const libraryFields = { scope: TenantScopeSchema, userId: Type.Optional(UserIdSchema) };

export const ListImagesRequestSchema = Strict({ ...libraryFields, ...PageFields });
export type ListImagesRequest = Static<typeof ListImagesRequestSchema>;

export const DeleteImageRequestSchema = Strict({
  ...libraryFields,
  imageId: ImageIdSchema,
  /** Delete even when designs still show it (the person was warned by a 409 image_in_use first). */
  force: Type.Boolean(),
});
export type DeleteImageRequest = Static<typeof DeleteImageRequestSchema>;

/** An image the integrator's server uploads for the project's environment (`POST /embed/v1/images`). */
export const StoreProjectImageRequestSchema = Strict({ scope: TenantScopeSchema, bytes: StoreImageRequestSchema.properties.bytes });
export type StoreProjectImageRequest = Static<typeof StoreProjectImageRequestSchema>;

/** Designs an `image_in_use` answer names at most (the person's designs that still show the image). */
export const IMAGE_IN_USE_NAMED = 20;
