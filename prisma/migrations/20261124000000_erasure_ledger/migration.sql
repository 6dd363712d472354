-- CreateTable
CREATE TABLE "ErasureLedgerEntry" (
    "key" TEXT NOT NULL,
    "erasedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ErasureLedgerEntry_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "ErasureLedgerEntry_erasedAt_idx" ON "ErasureLedgerEntry"("erasedAt");
