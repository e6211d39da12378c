// `npm run dev`: the API server (restarting on change) and Vite's dev server with hot reload,
// which proxies /api to it.
import { spawn } from 'node:child_process'
import { repoRoot } from './build-state.mjs'

const apiPort = process.env.PORT ?? '3000'
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort },
  }),
  spawn('npx', ['panda', '--watch', '--silent'], { cwd: repoRoot, stdio: 'inherit' }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], {
    cwd: repoRoot,
    stdio: 'inherit',
    env: { ...process.env, API_PROXY_TARGET: `http://127.0.0.1:${apiPort}` },
  }),
]
const stop = () => {
  for (const child of children) child.kill('SIGTERM')
}
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop())
