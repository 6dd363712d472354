-- Templates (docs/server-api.md, "Templates"): a project's templates per environment,
-- each with the key of the thumbnail the renderer made of it in object storage.

-- CreateTable
CREATE TABLE "Template" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "name" TEXT NOT NULL,
    "mode" "DesignMode" NOT NULL,
    "doc" JSONB NOT NULL,
    "thumbnailKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Template_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Template_thumbnailKey_key" ON "Template"("thumbnailKey");

-- CreateIndex
CREATE INDEX "Template_projectId_environment_createdAt_id_idx" ON "Template"("projectId", "environment", "createdAt" DESC, "id" DESC);

-- AddForeignKey
ALTER TABLE "Template" ADD CONSTRAINT "Template_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
