// `npm test`: typecheck, lint, format, dead code, unit/chart/server/view tests, then the browser suite in Chromium.
// Ends with one line `N passed, N failed` totalling every suite.
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { buildIsStale, repoRoot } from './build-state.mjs'
import { findChromium } from './chromium.mjs'

const out = join(repoRoot, '.test-results')
rmSync(out, { recursive: true, force: true })
mkdirSync(out, { recursive: true })
let passed = 0
let failed = 0
/** What failed, repeated at the end so the last lines of a long log name it. */
const failures = []

const run = (label, cmd, args, env = {}) => {
  console.log(`\n▶ ${label}`)
  const r = spawnSync(cmd, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } })
  return r.status === 0
}
const check = (label, cmd, args) => {
  if (run(label, cmd, args)) passed += 1
  else {
    failed += 1
    failures.push(label)
    console.error(`✖ ${label} failed`)
  }
}
const vitest = (label, projects, file, env) => {
  const ok = run(
    label,
    'npx',
    [
      'vitest',
      'run',
      ...projects.flatMap((p) => ['--project', p]),
      '--reporter=default',
      '--reporter=json',
      `--outputFile=${join(out, file)}`,
    ],
    env,
  )
  const path = join(out, file)
  if (!existsSync(path)) {
    failed += 1
    failures.push(`${label}: no results were written`)
    console.error(`✖ ${label}: no results were written`)
    return
  }
  const report = JSON.parse(readFileSync(path, 'utf8'))
  for (const file of report.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failures.push(`${file.name.replace(`${repoRoot}/`, '')} > ${test.fullName}`)
    }
    if (file.status === 'failed' && (file.assertionResults ?? []).every((test) => test.status !== 'failed'))
      failures.push(`${file.name.replace(`${repoRoot}/`, '')}: ${String(file.message ?? 'failed to load').split('\n')[0]}`)
  }
  passed += report.numPassedTests
  failed += report.numFailedTests + (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0)
  // A file that fails to load counts as a failure even when it holds no test.
  if (!ok && report.numFailedTests === 0) {
    failed += 1
    failures.push(`${label}: exited with an error`)
  }
}

check('panda codegen', 'npx', ['panda', 'codegen', '--silent'])
check('typecheck (tsc)', 'npx', ['tsc', '-p', '.'])
check('lint (eslint)', 'npx', ['eslint', '.'])
check('format (prettier)', 'npx', ['prettier', '--check', '.'])
check('unused files, exports and dependencies (knip)', 'npx', ['knip'])
vitest('charts, server, views and walks (vitest)', ['machines', 'server', 'views', 'walks'], 'unit.json')

const chromium = findChromium()
if (!chromium) {
  failed += 1
  console.error(
    '\n✖ No Chromium found for the browser tests. Install it with:\n    sudo apt-get install -y chromium\n  or set CHROMIUM_PATH to a Chromium or Chrome binary.',
  )
} else {
  if (buildIsStale()) check('build the web app', 'npm', ['run', 'build', '--silent'])
  vitest('browser tests (Playwright + Chromium)', ['e2e'], 'e2e.json', { CHROMIUM_PATH: chromium })
}

// what the pages of failed browser tests did (tests/e2e/harness.ts), repeated here at the end of the log
const pageReports = join(out, 'page-reports.txt')
if (existsSync(pageReports)) console.error(`\n${readFileSync(pageReports, 'utf8').trim()}`)
if (failures.length > 0) console.error(`\nFailed:\n${failures.map((f) => `  ✖ ${f}`).join('\n')}`)
console.log(`\n${passed} passed, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
