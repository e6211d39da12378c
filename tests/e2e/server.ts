import { spawn, type ChildProcess } from 'node:child_process'
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../server/db'
import { admins, passwordResets } from '../../server/modules/auth/schema'
import { hashToken } from '../../server/lib/crypto'

export const repoRoot = new URL('../..', import.meta.url).pathname

export const ADMIN = { email: 'owner@example.com', password: 'Owner#Pass2026', name: 'مدير المنصة' }
export const DEMO_PASSWORD = 'Demo#Pass2026'
export const INACTIVE_ADMIN = 'fahad.inactive@example.com'
/** A reset link that expired an hour ago, planted before the server starts. */
export const EXPIRED_TOKEN = 'expired-reset-token-for-browser-tests-0000000000'

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer()
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      srv.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))))
    })
  })

export type RunningServer = { url: string; dataDir: string; stop: () => Promise<void>; outbox: () => Promise<OutboxMail[]> }
type OutboxMail = { to: string; subject: string; text: string; html: string; date: string }

async function plantExpiredLink(dataDir: string) {
  const database = await openDatabase({ dataDir })
  try {
    const [owner] = await database.db.select({ id: admins.id }).from(admins).where(eq(admins.email, ADMIN.email))
    if (!owner) throw new Error('primary admin missing')
    const past = new Date(Date.now() - 2 * 60 * 60 * 1000)
    await database.db.insert(passwordResets).values({
      identity: 'admin',
      subjectId: owner.id,
      email: ADMIN.email,
      tokenHash: hashToken(EXPIRED_TOKEN),
      expiresAt: new Date(past.getTime() + 60 * 60 * 1000),
      createdAt: past,
    })
  } finally {
    await database.close()
  }
}

function launch(dataDir: string, port: number): { child: ChildProcess; ready: Promise<void>; logs: string[] } {
  const logs: string[] = []
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      DEMO_PASSWORD,
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_LOGIN_MAX: '1000',
      RATE_LIMIT_FAILED_LOGIN_MAX: '1000',
      RATE_LIMIT_FORGOT_MAX: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  child.stdout?.on('data', (d: Buffer) => logs.push(d.toString()))
  child.stderr?.on('data', (d: Buffer) => logs.push(d.toString()))
  const ready = (async () => {
    const deadline = Date.now() + 120_000
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${logs.join('')}`)
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/health`)
        if (res.ok) return
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 250))
    }
    throw new Error(`server not healthy in time:\n${logs.join('')}`)
  })()
  return { child, ready, logs }
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve()
    child.once('exit', () => resolve())
    child.kill('SIGTERM')
    setTimeout(() => child.kill('SIGKILL'), 15_000).unref()
  })

/**
 * A data dir with the primary admin, the demo data and an expired reset link planted: the server
 * started once on an empty one (it creates them), then stopped. Made once for the whole browser
 * suite; each file's server starts on a copy of it.
 */
export async function seededDataDir(): Promise<string> {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-seeded-'))
  const first = launch(dataDir, await freePort())
  await first.ready
  await stopChild(first.child)
  await plantExpiredLink(dataDir)
  return dataDir
}

/** The real server on a free port, on a copy of `seeded` (see `seededDataDir`), serving the built web app. */
export async function startServer(seeded: string): Promise<RunningServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'e2e-'))
  await cp(seeded, dataDir, { recursive: true })
  const port = await freePort()
  const server = launch(dataDir, port)
  await server.ready
  const url = `http://127.0.0.1:${port}`
  return {
    url,
    dataDir,
    async stop() {
      await stopChild(server.child)
      await rm(dataDir, { recursive: true, force: true })
    },
    async outbox() {
      const dir = join(dataDir, 'outbox')
      const files = (await readdir(dir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort()
      return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as OutboxMail))
    },
  }
}
