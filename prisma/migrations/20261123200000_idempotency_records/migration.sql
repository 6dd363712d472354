-- CreateTable
CREATE TABLE "IdempotencyRecord" (
    "id" CHAR(64) NOT NULL,
    "projectId" TEXT NOT NULL,
    "environment" "Environment" NOT NULL,
    "userId" TEXT,
    "requestHash" CHAR(64) NOT NULL,
    "status" INTEGER,
    "answer" BYTEA,
    "lockedUntil" TIMESTAMP(3) NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IdempotencyRecord_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "IdempotencyRecord_expiresAt_idx" ON "IdempotencyRecord"("expiresAt");

-- CreateIndex
CREATE INDEX "IdempotencyRecord_projectId_environment_userId_idx" ON "IdempotencyRecord"("projectId", "environment", "userId");

