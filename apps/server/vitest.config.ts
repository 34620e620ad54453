import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: process.env.DATABASE_URL ? 'server-postgres' : 'server',
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
