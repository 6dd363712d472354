-- The key of a person's work kept in browsers (the editor's journal): made on first need,
-- dropped when the person's erasure starts, and gone with the row when it ends.
ALTER TABLE "Person" ADD COLUMN "journalKey" BYTEA;
