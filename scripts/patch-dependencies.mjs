// Runs after `npm install` / `npm ci` (postinstall): fixes, in node_modules, defects of dependencies
// whose fix is not released yet. Each patch is idempotent, names its upstream report, and only
// warns when the code it patches has changed (a newer release may have fixed it; the tests tell).
import { existsSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { repoRoot } from './build-state.mjs'

const patches = [
  {
    // postgres.js 3.4: a query sent on a connection whose socket just closed (PostgreSQL restarted, a
    // network cut) throws from a timer, out of reach of any try, and ends the process; the query
    // itself never settles (porsager/postgres issues 1154 and 1208). Patched as proposed upstream:
    // the write fails the connection's queries with CONNECTION_CLOSED, which the server answers 503.
    name: 'postgres: a write on a closed connection fails its queries instead of crashing',
    files: ['src/connection.js', 'cjs/src/connection.js', 'cf/src/connection.js'].map((f) => join('node_modules/postgres', f)),
    marker: '/* patched: closed socket */',
    from: '  function nextWrite(fn) {\n    const x = socket.write(chunk, fn)\n',
    to:
      '  function nextWrite(fn) {\n' +
      '    if (!socket) { /* patched: closed socket */\n' +
      '      nextWriteTimer !== null && clearImmediate(nextWriteTimer)\n' +
      '      chunk = nextWriteTimer = null\n' +
      "      error(Errors.connection('CONNECTION_CLOSED', options))\n" +
      '      return false\n' +
      '    }\n' +
      '    const x = socket.write(chunk, fn)\n',
  },
]

for (const patch of patches) {
  for (const file of patch.files) {
    const path = join(repoRoot, file)
    if (!existsSync(path)) continue
    const text = readFileSync(path, 'utf8')
    if (text.includes(patch.marker)) continue
    if (!text.includes(patch.from)) {
      console.warn(`patch not applied (${patch.name}): ${file} has changed`)
      continue
    }
    writeFileSync(path, text.replace(patch.from, patch.to))
  }
}
