-- The editor's MJML export of an email (contracts §8) is recorded like its other exports.
-- Adding an enum value is backward-compatible: the release before never writes it.
ALTER TYPE "ExportFormat" ADD VALUE 'mjml';
