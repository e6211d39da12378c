import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '../../server/db'
import { DataDirInUseError, lockDataDir } from '../../server/db/data-dir-lock'

const dirs: string[] = []
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'lock-test-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The pid of a process that has exited (nothing runs under it now). */
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid as number

describe('the embedded database directory is one process’s', () => {
  it('refuses a second holder in the same process and frees the directory on release', () => {
    const dir = freshDir()
    const release = lockDataDir(dir)
    expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid))
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError)
    release()
    expect(existsSync(join(dir, 'server.lock'))).toBe(false)
    lockDataDir(dir)()
  })

  it('refuses while another live server process holds it, naming that process', async () => {
    const dir = freshDir()
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'])
    try {
      writeFileSync(join(dir, 'server.lock'), `${other.pid}\n`)
      let error: unknown
      try {
        lockDataDir(dir)
      } catch (caught) {
        error = caught
      }
      expect(error).toBeInstanceOf(DataDirInUseError)
      expect((error as DataDirInUseError).pid).toBe(other.pid)
      expect((error as Error).message).toContain(`in use by process ${other.pid}`)
      expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(other.pid))
    } finally {
      other.kill()
    }
  })

  it('takes over a lock left by a process that died, and one holding garbage', () => {
    for (const content of [`${deadPid()}\n`, 'not a pid']) {
      const dir = freshDir()
      writeFileSync(join(dir, 'server.lock'), content)
      const release = lockDataDir(dir)
      expect(readFileSync(join(dir, 'server.lock'), 'utf8').trim()).toBe(String(process.pid))
      release()
    }
  })

  it('opens PGlite once per directory: the second open fails until the first closes', async () => {
    const dir = freshDir()
    const first = await openDatabase({ dataDir: dir })
    await expect(openDatabase({ dataDir: dir })).rejects.toBeInstanceOf(DataDirInUseError)
    await first.close()
    const again = await openDatabase({ dataDir: dir })
    await again.close()
  })

  it('a second server on a directory in use stops at start with a clear message', async () => {
    const dir = freshDir()
    const release = lockDataDir(dir)
    try {
      const server = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: { ...process.env, DATA_DIR: dir, PORT: '39917', DATABASE_URL: '', SEED_DEMO: '0' },
        encoding: 'utf8',
        timeout: 60_000,
      })
      expect(server.status).toBe(1)
      expect(server.stderr).toContain(`cannot start: the data directory ${dir} is in use by process ${process.pid}`)
    } finally {
      release()
    }
  })
})
