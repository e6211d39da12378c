import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config'
import react from '@vitejs/plugin-react'

/**
 * The tests one `npm run mutation` group runs against its mutants: the files named in
 * MUTATION_TESTS (comma-separated), each in the project its folder belongs to.
 */
const alias = { 'styled-system': new URL('./styled-system', import.meta.url).pathname }
const files = (process.env.MUTATION_TESTS ?? '').split(',').filter(Boolean)
const under = (folder: string) => files.filter((f) => f.startsWith(folder))

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  test: {
    projects: (
      [
        { extends: true, test: { name: 'walks', environment: 'jsdom', include: under('tests/walks/'), testTimeout: 60_000 } },
        { extends: true, test: { name: 'machines', environment: 'node', include: under('tests/machines/') } },
        {
          extends: true,
          test: { name: 'views', environment: 'jsdom', include: under('tests/views/'), setupFiles: ['tests/views/setup.ts'] },
        },
        {
          extends: true,
          test: { name: 'server', environment: 'node', include: under('tests/server/'), testTimeout: 60_000, hookTimeout: 120_000 },
        },
      ] satisfies TestProjectInlineConfiguration[]
    ).filter((project) => project.test.include.length > 0),
  },
})
