// `npm run mutation`: mutation testing of the charts (src/machines) and the shared rules (src/domain).
// Each chart's mutants run against that chart's own tests (its walks through the app, and the server
// for a shared rule): every walk renders the whole app, so "related" tests would be all of them.
// Prints the score per file and in all; the JSON reports land in reports/mutation/.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { basename, join } from 'node:path'
import { repoRoot } from './build-state.mjs'

/** Tests of a file beyond the conventional `tests/walks/<name>.walk.test.tsx` and `tests/machines/<name>.test.ts`. */
const extraTests = {
  'src/machines/support-item.ts': ['tests/server/support-walk.test.ts'],
  'src/domain/support.ts': [
    'tests/walks/support-item.walk.test.tsx',
    'tests/server/support-walk.test.ts',
    'tests/machines/support-item.test.ts',
  ],
  'src/machines/failure.ts': ['tests/walks/crud-form.walk.test.tsx', 'tests/walks/session.walk.test.tsx'],
  'src/machines/runtime.ts': ['tests/walks/crud-form.walk.test.tsx'],
  'src/machines/chart-doc.ts': ['tests/machines/charts.test.ts', 'tests/machines/charts-export.test.ts'],
}

// `--sample=F`: a fraction F (0 < F < 1) of each file's code lines picked at random (`--seed=S` to repeat a
// draw), and only their mutants run: an estimate of the score in a fraction of the time (the whole run
// takes hours on 2 cores). Every file is sampled at the same rate, so the estimate in all is unbiased.
const args = process.argv.slice(2)
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.split('=')[1]
const sample = Number(option('sample') ?? 0)
const seed = Number(option('seed') ?? Date.now() % 100_000)
const only = args.filter((a) => !a.startsWith('--'))
let state = seed
const random = () => {
  // mulberry32: the same seed draws the same lines
  state = (state + 0x6d2b79f5) | 0
  let t = Math.imul(state ^ (state >>> 15), 1 | state)
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
/** The file, or N of its code lines (no comment, import, type or description) as Stryker line ranges. */
const mutateOf = (file) => {
  if (!sample) return file
  const lines = readFileSync(join(repoRoot, file), 'utf8')
    .split('\n')
    .map((text, i) => ({ text: text.trim(), line: i + 1 }))
    .filter(({ text }) => text && !/^(\/\/|\/?\*|import |export type |type |description:|'[^']*',?$)/.test(text))
  const picked = []
  const count = Math.max(1, Math.round(sample * lines.length))
  while (picked.length < count) {
    const { line } = lines[Math.floor(random() * lines.length)]
    if (!picked.includes(line)) picked.push(line)
  }
  return picked
    .sort((a, b) => a - b)
    .map((line) => `${file}:${line}-${line}`)
    .join(',')
}
if (sample) console.log(`sampling ${Math.round(sample * 100)} % of each file's code lines, seed ${seed}`)
const sources = ['src/machines', 'src/domain'].flatMap((dir) =>
  readdirSync(join(repoRoot, dir))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => `${dir}/${f}`),
)
const groups = sources
  .map((file) => {
    const name = basename(file, '.ts')
    const tests = [`tests/walks/${name}.walk.test.tsx`, `tests/machines/${name}.test.ts`, ...(extraTests[file] ?? [])].filter((t) =>
      existsSync(join(repoRoot, t)),
    )
    return { name: `${file.split('/')[1]}-${name}`, file, tests: [...new Set(tests)] }
  })
  .filter((g) => only.length === 0 || only.some((o) => g.file.includes(o)))

const out = join(repoRoot, 'reports', 'mutation')
mkdirSync(out, { recursive: true })
for (const group of groups) {
  if (group.tests.length === 0) {
    console.error(`✖ ${group.file} has no tests of its own`)
    process.exitCode = 1
    continue
  }
  rmSync(join(out, `${group.name}.json`), { force: true })
  console.log(`\n▶ ${group.file}  ←  ${group.tests.join(', ')}`)
  const run = spawnSync('npx', ['stryker', 'run'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, MUTATION_NAME: group.name, MUTATION_FILES: mutateOf(group.file), MUTATION_TESTS: group.tests.join(',') },
  })
  if (run.status !== 0) process.exitCode = 1
}

// The figures: killed and timed out count as detected; survived and uncovered as not.
const rows = []
for (const group of groups) {
  const path = join(out, `${group.name}.json`)
  if (!existsSync(path)) continue
  const report = JSON.parse(readFileSync(path, 'utf8'))
  for (const [file, result] of Object.entries(report.files)) {
    const count = (status) => result.mutants.filter((m) => m.status === status).length
    rows.push({
      file,
      killed: count('Killed'),
      timeout: count('Timeout'),
      survived: count('Survived'),
      noCoverage: count('NoCoverage'),
      ignored: count('Ignored'),
    })
  }
}
const total = rows.reduce(
  (a, r) => ({
    killed: a.killed + r.killed,
    timeout: a.timeout + r.timeout,
    survived: a.survived + r.survived,
    noCoverage: a.noCoverage + r.noCoverage,
    ignored: a.ignored + r.ignored,
  }),
  { killed: 0, timeout: 0, survived: 0, noCoverage: 0, ignored: 0 },
)
const score = (r) => {
  const valid = r.killed + r.timeout + r.survived + r.noCoverage
  return valid === 0 ? 'n/a' : `${((100 * (r.killed + r.timeout)) / valid).toFixed(2)} %`
}
console.log('\nfile                               score     killed  timeout  survived  no cov  ignored')
for (const r of [...rows, { file: 'all', ...total }])
  console.log(
    `${r.file.padEnd(34)} ${score(r).padStart(8)}  ${String(r.killed).padStart(7)}  ${String(r.timeout).padStart(7)}  ${String(r.survived).padStart(8)}  ${String(r.noCoverage).padStart(6)}  ${String(r.ignored).padStart(7)}`,
  )
