import { defineConfig } from 'vitest/config'
import react from '@vitejs/plugin-react'

const alias = { 'styled-system': new URL('./styled-system', import.meta.url).pathname }

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        // a ceiling for a busy machine (laying out or searching every chart takes seconds on CI's two cores)
        test: { name: 'machines', environment: 'node', include: ['tests/machines/**/*.test.ts'], testTimeout: 30_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          pool: 'forks',
        },
      },
      {
        extends: true,
        test: {
          name: 'views',
          environment: 'jsdom',
          include: ['tests/views/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/views/setup.ts'],
          // a ceiling for a busy machine: the first test of a file also pays for loading its modules
          testTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'walks',
          environment: 'jsdom',
          include: ['tests/walks/**/*.walk.test.{ts,tsx}'],
          setupFiles: ['tests/walks/setup.ts'],
          // a ceiling for a busy machine: a file's first path also waits for the app's screens to load
          // (up to 30 s) before its steps
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          globalSetup: ['tests/e2e/global-setup.ts'],
          // assertions on the page poll its state until it shows, within this ceiling (a busy machine is slow)
          expect: { poll: { timeout: 30_000, interval: 100 } },
          testTimeout: 120_000,
          hookTimeout: 300_000,
          pool: 'forks',
        },
      },
    ],
  },
})
