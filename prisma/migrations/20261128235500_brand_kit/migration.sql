-- Brand kits (docs/server-api.md, "Brand kit"): a project's brand kit per environment,
-- set whole by the server API.

-- CreateTable
CREATE TABLE "BrandKit" (
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "kit" JSONB NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "BrandKit_pkey" PRIMARY KEY ("projectId","environment")
);

-- AddForeignKey
ALTER TABLE "BrandKit" ADD CONSTRAINT "BrandKit_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;
