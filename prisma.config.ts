// Prisma CLI configuration. The CLI talks to PostgreSQL through the pg driver adapter
// (no native engine can be downloaded on our machines); see prisma/README.md.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { migrationAdapter } from './prisma/migration-adapter';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  // The upgrade test applies a past release's migrations alone from a folder of its own (tools/lib/migrate.mjs).
  migrations: { path: process.env['EMBED_MIGRATIONS_DIR'] ?? path.join('prisma', 'migrations') },
  adapter: migrationAdapter,
});
