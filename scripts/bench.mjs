// `npm run bench`: every benchmark in bench/, one after another; each prints its own figures.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { repoRoot } from './build-state.mjs'

for (const file of readdirSync(new URL('../bench', import.meta.url))
  .filter((f) => f.endsWith('.ts'))
  .sort()) {
  console.log(`\n== bench/${file}`)
  spawnSync('npx', ['tsx', `bench/${file}`], { cwd: repoRoot, stdio: 'inherit' })
}
