/**
 * Server processes for the benchmarks that need more than one instance or a real process to kill:
 * `tsx server/main.ts` on a loopback port, on the database and Redis given, waited for until its
 * health check answers; and a fresh database of its own on the PostgreSQL server.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { fileURLToPath } from 'node:url'
import postgres from 'postgres'

export const PASSWORD = 'Bench-instances-password-1'
const PRIMARY_EMAIL = 'bench-primary@example.com'
const root = fileURLToPath(new URL('../..', import.meta.url))

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export type Row = Record<string, unknown>
export const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : ((result as { rows?: Row[] }).rows ?? [])) as Row[]

export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export type Instance = { base: string; port: number; child: ChildProcess; log: () => string; exited: Promise<number | null> }

/** One server process on a loopback port (`port` to take one again after a restart). */
export async function startInstance(options: {
  dataDir: string
  databaseUrl?: string
  redisUrl?: string
  port?: number
  env?: Record<string, string>
}): Promise<Instance> {
  const port = options.port ?? (await freePort())
  let output = ''
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl ?? '',
      REDIS_URL: options.redisUrl ?? '',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      SEED_DEMO: '0',
      ADMIN_EMAIL: PRIMARY_EMAIL,
      ADMIN_PASSWORD: PASSWORD,
      LOG_LEVEL: 'warn',
      // every bench client signs in from the same address
      RATE_LIMIT_LOGIN_MAX: '100000',
      RATE_LIMIT_FAILED_LOGIN_MAX: '100000',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000))
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  const base = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 120_000
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`an instance stopped at start (${child.exitCode}):\n${output}`)
    if (Date.now() > deadline) throw new Error(`an instance did not answer its health check in 120 s:\n${output}`)
    try {
      if ((await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(5000) })).status === 200) break
    } catch {
      // not listening yet
    }
    await sleep(250)
  }
  return { base, port, child, log: () => output, exited }
}

/** Stops an instance (SIGTERM) and waits for its exit. */
export async function stopInstance(instance: Instance): Promise<void> {
  if (instance.child.exitCode === null && instance.child.signalCode === null) instance.child.kill('SIGTERM')
  await instance.exited
}

/** Signs in as `email` through `base`; the token. */
export async function signIn(base: string, email = PRIMARY_EMAIL, password = PASSWORD): Promise<string> {
  const res = await fetch(`${base}/api/admin-panal/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (res.status !== 200) throw new Error(`sign-in of ${email} failed: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { result: { token: string } }).result.token
}

/** A fresh database on the PostgreSQL server of `serverUrl`, dropped by `drop`. */
export async function serverDatabase(serverUrl: string, prefix: string): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `bench_${prefix}_${process.pid}`
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await admin.unsafe(`drop database if exists "${name}" with (force)`)
      await admin.end({ timeout: 5 })
    },
  }
}
