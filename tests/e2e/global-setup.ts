import { rm } from 'node:fs/promises'
import type { TestProject } from 'vitest/node'
import { seededDataDir } from './server'

/**
 * The browser suite's data, seeded once: each file's server starts on a copy (a demo seed takes far
 * longer than copying its files).
 */
export default async function setup(project: TestProject) {
  const seeded = await seededDataDir()
  project.provide('e2eSeeded', seeded)
  return async () => {
    await rm(seeded, { recursive: true, force: true })
  }
}
