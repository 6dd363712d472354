-- Saved rows (docs/server-api.md, "Saved rows"): rows kept for reuse, the project's
-- (personId null, the integrator's, maybe locked or synced) and each person's own (removed
-- with the person at erasure).

-- CreateTable
CREATE TABLE "SavedRow" (
    "id" TEXT NOT NULL,
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "personId" TEXT,
    "name" TEXT NOT NULL,
    "row" JSONB NOT NULL,
    "locked" BOOLEAN NOT NULL DEFAULT false,
    "synced" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SavedRow_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SavedRow_projectId_environment_createdAt_id_idx" ON "SavedRow"("projectId", "environment", "createdAt" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "SavedRow_personId_idx" ON "SavedRow"("personId");

-- AddForeignKey
ALTER TABLE "SavedRow" ADD CONSTRAINT "SavedRow_projectId_fkey" FOREIGN KEY ("projectId") REFERENCES "Project"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SavedRow" ADD CONSTRAINT "SavedRow_personId_fkey" FOREIGN KEY ("personId") REFERENCES "Person"("id") ON DELETE CASCADE ON UPDATE CASCADE;
