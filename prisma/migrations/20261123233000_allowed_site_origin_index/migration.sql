-- CreateIndex
CREATE INDEX "AllowedSite_origin_idx" ON "AllowedSite"("origin");

