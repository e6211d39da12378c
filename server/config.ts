import { resolve } from 'node:path'

/** Start-up configuration read from the environment (see `readEnv`). */
export type ServerEnv = {
  port: number
  host: string
  dataDir: string
  databaseUrl: string | undefined
  /** Shared state of several instances (rate limits, live notifications); absent: one instance. */
  redisUrl: string | undefined
  adminEmail: string | undefined
  adminPassword: string | undefined
  adminName: string | undefined
  publicUrl: string
  smtpUrl: string | undefined
  mailFrom: string
  seedDemo: boolean
  demoPassword: string | undefined
  logLevel: string
  trustProxy: boolean | string[]
  rateLimit: { loginMax?: number; failedLoginMax?: number; forgotMax?: number; contactMax?: number }
}

export class ConfigError extends Error {
  override name = 'ConfigError'
}

const blank = (value: string | undefined) => (value === undefined || value.trim() === '' ? undefined : value.trim())

function positiveInt(name: string, value: string | undefined): number | undefined {
  const v = blank(value)
  if (v === undefined) return undefined
  if (!/^\d+$/.test(v) || Number(v) < 1) throw new ConfigError(`${name} must be a positive integer (got "${v}")`)
  return Number(v)
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']

/**
 * Reads the environment: PORT (3000), HOST (0.0.0.0), DATA_DIR (./data), DATABASE_URL, REDIS_URL, ADMIN_EMAIL,
 * ADMIN_PASSWORD, ADMIN_NAME, PUBLIC_URL (http://localhost:PORT), SMTP_URL, MAIL_FROM, SEED_DEMO (on; `0` turns it
 * off), DEMO_PASSWORD, LOG_LEVEL (info), TRUST_PROXY, RATE_LIMIT_LOGIN_MAX, RATE_LIMIT_FAILED_LOGIN_MAX, RATE_LIMIT_FORGOT_MAX,
 * RATE_LIMIT_CONTACT_MAX.
 */
export function readEnv(env: NodeJS.ProcessEnv = process.env): ServerEnv {
  const port = positiveInt('PORT', env.PORT) ?? 3000
  if (port > 65535) throw new ConfigError(`PORT must be at most 65535 (got ${port})`)
  const publicUrl = blank(env.PUBLIC_URL) ?? `http://localhost:${port}`
  try {
    const url = new URL(publicUrl)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('protocol')
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an http(s) URL (got "${publicUrl}")`)
  }
  const adminPassword = blank(env.ADMIN_PASSWORD)
  if (adminPassword !== undefined && adminPassword.length < 8) throw new ConfigError('ADMIN_PASSWORD must have at least 8 characters')
  const demoPassword = blank(env.DEMO_PASSWORD)
  if (demoPassword !== undefined && demoPassword.length < 8) throw new ConfigError('DEMO_PASSWORD must have at least 8 characters')
  const logLevel = blank(env.LOG_LEVEL)?.toLowerCase() ?? 'info'
  if (!LOG_LEVELS.includes(logLevel)) throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}`)
  const trust = blank(env.TRUST_PROXY)
  const trustProxy =
    trust === undefined || trust === '0' || trust === 'false'
      ? false
      : trust === '1' || trust === 'true'
        ? true
        : trust
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean)

  return {
    port,
    host: blank(env.HOST) ?? '0.0.0.0',
    dataDir: resolve(blank(env.DATA_DIR) ?? './data'),
    databaseUrl: blank(env.DATABASE_URL),
    redisUrl: blank(env.REDIS_URL),
    adminEmail: blank(env.ADMIN_EMAIL)?.toLowerCase(),
    adminPassword,
    adminName: blank(env.ADMIN_NAME),
    publicUrl: publicUrl.replace(/\/+$/, ''),
    smtpUrl: blank(env.SMTP_URL),
    mailFrom: blank(env.MAIL_FROM) ?? `Vendors Platform <no-reply@${new URL(publicUrl).hostname}>`,
    seedDemo: blank(env.SEED_DEMO) !== '0',
    demoPassword,
    logLevel,
    trustProxy,
    rateLimit: {
      loginMax: positiveInt('RATE_LIMIT_LOGIN_MAX', env.RATE_LIMIT_LOGIN_MAX),
      failedLoginMax: positiveInt('RATE_LIMIT_FAILED_LOGIN_MAX', env.RATE_LIMIT_FAILED_LOGIN_MAX),
      forgotMax: positiveInt('RATE_LIMIT_FORGOT_MAX', env.RATE_LIMIT_FORGOT_MAX),
      contactMax: positiveInt('RATE_LIMIT_CONTACT_MAX', env.RATE_LIMIT_CONTACT_MAX),
    },
  }
}
