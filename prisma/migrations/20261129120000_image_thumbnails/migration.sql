-- Image thumbnails (docs/server-api.md, "Image library"): a small WebP made at upload and kept
-- beside the image, null for an image uploaded before thumbnails were made.

-- AlterTable
ALTER TABLE "Image" ADD COLUMN     "thumbnailKey" TEXT;
