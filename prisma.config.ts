// Prisma CLI configuration. The CLI talks to PostgreSQL through the pg driver adapter
// (no native engine can be downloaded on our machines); see prisma/README.md.
import path from 'node:path';
import { defineConfig } from 'prisma/config';
import { migrationAdapter } from './prisma/migration-adapter';

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  schema: path.join('prisma', 'schema.prisma'),
  migrations: { path: path.join('prisma', 'migrations') },
  adapter: migrationAdapter,
});
