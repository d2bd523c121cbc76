import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/database/schema.ts',
  out: './apps/api/drizzle',
});
