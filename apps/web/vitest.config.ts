import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { contractRoutes } from './build/contractRoutes';

export default defineProject({
  plugins: [react(), contractRoutes()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    name: 'web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    css: false,
    // Component tests drive a whole screen with user-event; on a loaded 2-core CI machine the
    // 5 s default is a coin toss. This is a hang guard, not a speed requirement.
    testTimeout: 20_000,
  },
});
