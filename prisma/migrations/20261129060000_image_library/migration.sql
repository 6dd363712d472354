-- The image library (docs/server-api.md, "Image library"): an image with no person is the
-- project image that its integrator uploaded, and each library is listed newest first.

-- AlterTable
ALTER TABLE "Image" ALTER COLUMN "personId" DROP NOT NULL;

-- CreateIndex
CREATE INDEX "Image_projectId_environment_personId_createdAt_id_idx" ON "Image"("projectId", "environment", "personId", "createdAt" DESC, "id" DESC);
