import { linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync, closeSync } from 'node:fs'
import { join } from 'node:path'

/** A second process asked for a data directory another live process holds. */
export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError'
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `the data directory ${dir} is in use by process ${pid}. Stop that server first, or start this one with another DATA_DIR (or a PostgreSQL server through DATABASE_URL).`,
    )
  }
}

const LOCK_FILE = 'server.lock'

/**
 * True when a server process with this pid runs (EPERM: it runs under another user). Where `/proc`
 * tells, a live pid that is not a Node.js process is a reused pid, not a server holding the lock.
 */
function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false
  try {
    process.kill(pid, 0)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('node')
  } catch {
    return true
  }
}

/** Data directories this process holds now (a second open in the same process is refused too). */
const held = new Set<string>()

const holderOf = (path: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8').trim(), 10)
    return Number.isInteger(pid) ? pid : 0
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
    throw error
  }
}

/** Creates the lock file holding our pid; false when it already exists. */
function create(path: string): boolean {
  try {
    const fd = openSync(path, 'wx', 0o644)
    try {
      writeSync(fd, `${process.pid}\n`)
    } finally {
      closeSync(fd)
    }
    return true
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw error
  }
}

/**
 * Takes the embedded database's directory for this process: a lock file with our pid. Another live
 * holder makes it throw `DataDirInUseError`; a lock left by a process that died is taken over. The
 * takeover moves the stale file aside first (an atomic rename), so of two processes starting together
 * after a crash only one gets the lock. Answers the release, which removes the file if it is still ours.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE)
  if (held.has(path)) throw new DataDirInUseError(dir, process.pid)
  for (let attempt = 0; attempt < 5; attempt++) {
    if (create(path)) {
      held.add(path)
      const release = () => {
        process.off('exit', release)
        held.delete(path)
        if (holderOf(path) === process.pid) unlinkSync(path)
      }
      process.on('exit', release)
      return release
    }
    const holder = holderOf(path)
    if (holder === null) continue // released meanwhile: try again
    if (holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dir, holder)
    // Stale (a process that died, or this pid in an earlier life): move it aside, check what was moved.
    const aside = `${path}.${process.pid}.stale`
    try {
      renameSync(path, aside)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue
      throw error
    }
    const moved = holderOf(aside)
    if (moved !== null && moved !== holder && moved !== process.pid && isAlive(moved)) {
      // Another process took the lock between our read and the rename: put its lock back.
      try {
        linkSync(aside, path)
      } finally {
        unlinkSync(aside)
      }
      throw new DataDirInUseError(dir, moved)
    }
    unlinkSync(aside)
  }
  throw new Error(`could not take the lock of the data directory ${dir}`)
}
