-- What an editor token allows (contracts §3): a read token opens, lists, previews and
-- exports, and is refused every write. Tokens minted before this column are edit tokens,
-- as every token was.
CREATE TYPE "TokenAccess" AS ENUM ('edit', 'read');

ALTER TABLE "EditorToken" ADD COLUMN "access" "TokenAccess" NOT NULL DEFAULT 'edit';
