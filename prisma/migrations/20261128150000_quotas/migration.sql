-- Quotas (docs/admin.md, "Quotas"): what each person and each project's environment
-- holds, kept by every create and delete, and the limits the operator sets. The counts
-- start from the rows there already.

-- AlterTable
ALTER TABLE "Person" ADD COLUMN     "designCount" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "imageBytes" BIGINT NOT NULL DEFAULT 0,
ADD COLUMN     "imageCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "ProjectUsage" (
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "imageCount" INTEGER NOT NULL DEFAULT 0,
    "imageBytes" BIGINT NOT NULL DEFAULT 0,
    "designCount" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProjectUsage_pkey" PRIMARY KEY ("projectId","environment")
);

-- CreateTable
CREATE TABLE "ProjectQuota" (
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "personImages" INTEGER,
    "personImageBytes" BIGINT,
    "personDesigns" INTEGER,
    "projectImages" INTEGER,
    "projectImageBytes" BIGINT,
    "projectDesigns" INTEGER,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProjectQuota_pkey" PRIMARY KEY ("projectId","environment")
);

-- AddForeignKey
ALTER TABLE "ProjectUsage" ADD CONSTRAINT "ProjectUsage_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProjectQuota" ADD CONSTRAINT "ProjectQuota_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- The counts of the rows already there.
UPDATE "Person" p SET
  "imageCount" = (SELECT count(*) FROM "Image" i WHERE i."personId" = p.id),
  "imageBytes" = (SELECT coalesce(sum(i.bytes), 0) FROM "Image" i WHERE i."personId" = p.id),
  "designCount" = (SELECT count(*) FROM "Design" d WHERE d."personId" = p.id);

INSERT INTO "ProjectUsage" ("projectId", "environment", "imageCount", "imageBytes", "designCount")
SELECT "projectId", "environment", sum("imageCount"), sum("imageBytes"), sum("designCount")
FROM "Person" GROUP BY "projectId", "environment";
