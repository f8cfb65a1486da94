import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'services-api/src/db/seeds/*.test.ts', 'scripts/*.test.ts'],
        },
      },
      {
        test: {
          name: 'web-unit',
          include: ['apps-web/src/**/*.test.ts'],
          environment: 'node',
          // Dates are formatted in the viewer's time zone; the tests pin one.
          env: { TZ: 'UTC' },
        },
      },
      {
        test: {
          name: 'desktop-unit',
          include: ['apps-desktop-admin/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['services-api/src/**/*.test.ts'],
          exclude: ['services-api/src/db/seeds/*.test.ts'],
          env: { NODE_ENV: 'test' },
          globalSetup: ['services-api/src/test/global-database.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'browser',
          include: ['e2e/**/*.test.ts'],
          env: { NODE_ENV: 'test' },
          globalSetup: ['services-api/src/test/global-database.ts'],
          // One Chromium at a time: the machine has two cores.
          fileParallelism: false,
          // Once more after a failure: the browser, the server and the API tests beside them share two
          // cores, and a one-off stall there is not the product's. A retried test is named in the
          // report, and a real fault fails twice.
          retry: 1,
          testTimeout: 120_000,
          hookTimeout: 180_000,
          // expect.poll gives up after a second by default, sooner than a page on a busy machine
          // renders; a real fault still fails, after fifteen.
          expect: { poll: { timeout: 15_000 } },
        },
      },
    ],
  },
});
