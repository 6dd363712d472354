-- Restore points become a bounded set (docs/editor.md, "Restore points"): each save thins
-- the design's points, and autosaves are coalesced with the autosaves near them, so a
-- point says whether the editor's autosave made it. Points written before this say false
-- (a save asked for): they are thinned with the rest at the design's next save.
ALTER TABLE "RestorePoint" ADD COLUMN "autosave" BOOLEAN NOT NULL DEFAULT false;
