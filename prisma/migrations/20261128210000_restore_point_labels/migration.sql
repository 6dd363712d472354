-- A restore point a person named (issue 30: restore points few and named): thinning keeps
-- it, within the design's cap. Points made before have no name.
ALTER TABLE "RestorePoint" ADD COLUMN "label" TEXT;
