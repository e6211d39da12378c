import { describe, expect, it } from 'vitest'
import { serverAndBrowser } from './harness'
import { sweepEveryScreen } from './screens'

// one language a file, so the two sweeps run side by side on the test workers
const env = serverAndBrowser()

describe('every screen (ar)', () => {
  it('passes axe without serious or critical violations and fits a desktop and a phone', async () => {
    expect(await sweepEveryScreen(env, 'ar')).toEqual([])
  }, 600_000)
})
