-- Tokens minted before this migration name no key, and a token must end with its key.
-- They live 15 minutes at most, and the editor asks for a new one on its 401.
DELETE FROM "EditorToken";

-- Nullable, so that the previous release's pods, which mint tokens without a key while
-- this release rolls out, keep working (deploy/README.md, "Upgrades"): a token without a
-- key is never found by the verifier (it joins on the key), so its editor asks for a new
-- one. A later release makes the column required once no earlier pod runs.
-- AlterTable
ALTER TABLE "EditorToken" ADD COLUMN     "keyId" TEXT;

-- CreateIndex
CREATE INDEX "EditorToken_expiresAt_idx" ON "EditorToken"("expiresAt");

-- AddForeignKey
ALTER TABLE "EditorToken" ADD CONSTRAINT "EditorToken_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;

