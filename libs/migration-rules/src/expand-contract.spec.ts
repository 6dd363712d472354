import { expandContractProblems } from './expand-contract';

const problemsOf = (...sql: string[]) => expandContractProblems(sql.map((text, i) => ({ name: `m${i + 1}`, sql: text })));

describe('expandContractProblems', () => {
  it('lets a release add tables, nullable or defaulted columns, indexes, enum values, constraints on what it adds, and change data', async () => {
    const problems = await problemsOf(
      `CREATE TABLE "Ledger" ("key" TEXT NOT NULL, "at" TIMESTAMP(3) NOT NULL, CONSTRAINT "Ledger_pkey" PRIMARY KEY ("key"));
       CREATE UNIQUE INDEX "Ledger_at_key" ON "Ledger"("at");
       ALTER TABLE "Ledger" ADD COLUMN "note" TEXT NOT NULL;`,
      `DELETE FROM "EditorToken";
       ALTER TABLE "EditorToken" ADD COLUMN "keyId" TEXT, ADD COLUMN "uses" INTEGER NOT NULL DEFAULT 0;
       CREATE INDEX "EditorToken_expiresAt_idx" ON "EditorToken"("expiresAt");
       ALTER TABLE "EditorToken" ADD CONSTRAINT "EditorToken_keyId_fkey" FOREIGN KEY ("keyId") REFERENCES "ApiKey"("id") ON DELETE SET NULL ON UPDATE CASCADE;
       ALTER TYPE "DesignMode" ADD VALUE 'sms';
       ALTER INDEX "Design_old_idx" RENAME TO "Design_new_idx";
       DROP INDEX "Design_unused_idx";
       ALTER TABLE "Design" ALTER COLUMN "name" DROP NOT NULL;`,
      // What this release added, it may change again before it is released.
      `ALTER TABLE "EditorToken" ALTER COLUMN "keyId" SET NOT NULL; DROP TABLE "Ledger";`,
    );
    expect(problems).toEqual([]);
  });

  it.each([
    ['DROP TABLE "Design";', 'drops table "Design"'],
    ['ALTER TABLE "Design" DROP COLUMN "name";', 'drops the column "Design"."name"'],
    ['ALTER TABLE "Design" RENAME COLUMN "name" TO "title";', 'renames "Design"."name" to "title"'],
    ['ALTER TABLE "Design" RENAME TO "Drawing";', 'renames "Design" to "Drawing"'],
    ['ALTER TABLE "Design" ALTER COLUMN "revision" TYPE BIGINT;', 'changes the type of "Design"."revision"'],
    ['ALTER TABLE "Design" ALTER COLUMN "name" SET NOT NULL;', 'makes "Design"."name" required'],
    ['ALTER TABLE "Design" ADD COLUMN "folder" TEXT NOT NULL;', 'adds the required column "Design"."folder" without a default'],
    ['ALTER TABLE "Design" ALTER COLUMN "revision" DROP DEFAULT;', 'drops the default of "Design"."revision"'],
    ['ALTER TABLE "Design" ADD CONSTRAINT "named" CHECK (length("name") < 100);', 'adds a constraint on "Design" (name)'],
    ['ALTER TABLE "Person" ADD CONSTRAINT "one" UNIQUE ("externalId");', 'adds a constraint on "Person" (externalId)'],
    ['CREATE UNIQUE INDEX "Design_name_key" ON "Design"("name");', 'adds a unique index on "Design" (name)'],
    ['ALTER TYPE "DesignMode" RENAME VALUE \'page\' TO \'site\';', 'renames the value "page" of the type "DesignMode"'],
    ['DROP TYPE "ExportSource";', 'drops type "ExportSource"'],
  ])('refuses %s', async (sql, problem) => {
    expect(await problemsOf('CREATE TABLE "Other" ("id" TEXT);', sql)).toEqual([expect.stringMatching(new RegExp(`^m2: ${problem.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`))]);
  });

  it('lets a contract step remove what it names in a `-- contract:` comment, and that statement alone', async () => {
    const problems = await problemsOf(`-- contract: no release since 0.2.0 reads "Design"."legacy"
      ALTER TABLE "Design" DROP COLUMN "legacy";
      ALTER TABLE "Design" DROP COLUMN "name";`);
    expect(problems).toEqual(['m1: drops the column "Design"."name", which the previous release reads']);
  });

  it('refuses SQL PostgreSQL cannot parse, rather than passing it unread', async () => {
    await expect(problemsOf('ALTER TABLE "Design" DROPP COLUMN "name";')).rejects.toThrow(/syntax error/);
  });
});
