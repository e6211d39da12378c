// `npm start`: build the SPA when the build is missing or stale, then run the one server.
import { spawnSync } from 'node:child_process'
import { buildIsStale, repoRoot } from './build-state.mjs'

if (buildIsStale()) {
  console.log('Building the web app (first start or sources changed)…')
  const result = spawnSync('npm', ['run', 'build', '--silent'], { cwd: repoRoot, stdio: 'inherit' })
  if (result.status !== 0) {
    console.error('The web app did not build; see the messages above.')
    process.exit(result.status ?? 1)
  }
}

const { register } = await import('tsx/esm/api')
register()
await import('../server/main.ts')
