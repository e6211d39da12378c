import { existsSync } from 'node:fs'

/** Chromium for the browser tests: CHROMIUM_PATH, else Debian's package. */
export function findChromium() {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome']
  return candidates.find((p) => p && existsSync(p)) ?? null
}
