// One group of `npm run mutation`: the files in MUTATION_FILES mutated, the tests in MUTATION_TESTS
// run against each mutant (see scripts/mutation.mjs).
const name = process.env.MUTATION_NAME ?? 'all'

export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutation.config.ts', related: false },
  plugins: ['@stryker-mutator/vitest-runner', './scripts/mutation/ignore-descriptions.mjs'],
  ignorers: ['chart-descriptions'],
  mutate: (process.env.MUTATION_FILES ?? 'src/machines/**/*.ts,src/domain/**/*.ts').split(','),
  coverageAnalysis: 'perTest',
  concurrency: 2,
  reporters: ['progress-append-only', 'json'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
  timeoutMS: 30_000,
  timeoutFactor: 2,
}
