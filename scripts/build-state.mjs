import { existsSync, readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'

const root = new URL('..', import.meta.url).pathname
const inputs = ['src', 'public', 'build', 'index.html', 'panda.config.ts', 'vite.config.ts', 'postcss.config.cjs', 'package-lock.json']

function newest(path) {
  if (!existsSync(path)) return 0
  const st = statSync(path)
  if (!st.isDirectory()) return st.mtimeMs
  let max = st.mtimeMs
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)))
  return max
}

/** The SPA build is missing, or older than one of its inputs. */
export function buildIsStale() {
  const built = join(root, 'dist', 'index.html')
  if (!existsSync(built)) return true
  const builtAt = statSync(built).mtimeMs
  return inputs.some((input) => newest(join(root, input)) > builtAt)
}

export const repoRoot = root
