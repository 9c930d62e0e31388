import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      {
        test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'jsdom', setupFiles: ['tests/components/setup.ts'] },
      },
      {
        test: { name: 'functions', include: ['tests/functions/**/*.test.ts'], environment: 'node', testTimeout: 30_000 },
      },
      {
        test: { name: 'db', include: ['tests/db/**/*.test.ts'], environment: 'node', testTimeout: 60_000 },
      },
    ],
  },
});
