/**
 * Prints the gzip size of the JavaScript a first visit to the sign-in page loads, and the same for
 * the heaviest admin route. Goal for sign-in: <= 150 kB. Prints only; asserts nothing.
 */
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; isEntry?: boolean; css?: string[] }

const root = new URL('..', import.meta.url).pathname
const dist = join(root, 'dist')
const { buildIsStale } = (await import(join(root, 'scripts/build-state.mjs'))) as { buildIsStale: () => boolean }
if (buildIsStale()) spawnSync('npm', ['run', 'build', '--silent'], { cwd: root, stdio: 'inherit' })

const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>
const gz = (file: string) => gzipSync(readFileSync(join(dist, file))).length

/** The static closure of a chunk: what the browser must fetch before it runs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  const chunk = manifest[key]
  if (!chunk || seen.has(chunk.file)) return seen
  seen.add(chunk.file)
  for (const dep of chunk.imports ?? []) closure(dep, seen)
  return seen
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!
const initial = closure(entry)
const sizeOf = (files: Set<string>) => [...files].filter((f) => f.endsWith('.js')).reduce((sum, f) => sum + gz(f), 0)
const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`

const routeKeys = Object.keys(manifest).filter((k) => k.startsWith('src/views/'))
const routes = routeKeys.map((key) => {
  const files = closure(key, new Set(initial))
  // lazily loaded shells (the admin layout) count for the routes that render inside them
  if (!key.includes('/auth/') && !key.includes('/errors/')) {
    const layout = Object.keys(manifest).find((k) => k.endsWith('layouts/admin-layout.tsx'))
    if (layout) closure(layout, files)
  }
  return { key, bytes: sizeOf(files) }
})

const signIn = routes.find((r) => r.key.endsWith('auth/sign-in.tsx'))
const admin = routes.filter((r) => !r.key.includes('/auth/') && !r.key.includes('/errors/')).sort((a, b) => b.bytes - a.bytes)[0]
console.log(`entry JS (gzip):                 ${kb(sizeOf(initial))}`)
if (signIn)
  console.log(`sign-in page JS (gzip):          ${kb(signIn.bytes)}   goal <= 150 kB ${signIn.bytes <= 150 * 1024 ? '(met)' : '(NOT met)'}`)
if (admin) console.log(`largest admin route JS (gzip):   ${kb(admin.bytes)}   ${admin.key}`)
