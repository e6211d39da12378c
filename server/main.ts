import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApp } from './app'
import { ConfigError, readEnv } from './config'
import { openDatabase } from './db'
import { DataDirInUseError } from './db/data-dir-lock'
import { seedDemo } from './db/seed'
import { generatePassword } from './lib/crypto'
import { createOutboxMailer, createSmtpMailer } from './mail'
import { ensurePrimaryAdmin } from './modules/auth/service'
import { connectRedis } from './lib/redis'

const HOUR = 60 * 60 * 1000
const SHUTDOWN_TIMEOUT_MS = 15_000

/**
 * Start-up: configuration, database and migrations, first admin, demo seed, listen, and a graceful
 * shutdown on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the database).
 */
async function main() {
  const env = readEnv()
  const database = await openDatabase({ databaseUrl: env.databaseUrl, dataDir: env.dataDir })
  const staticDir = fileURLToPath(new URL('../dist', import.meta.url))
  const redis = env.redisUrl ? await connectRedis(env.redisUrl, { onError: (error) => console.warn(`redis: ${error.message}`) }) : null

  const app = await buildApp({
    db: database.db,
    redis,
    logger: { level: env.logLevel },
    config: {
      publicUrl: env.publicUrl,
      dataDir: env.dataDir,
      staticDir,
      trustProxy: env.trustProxy,
      rateLimit: {
        ...(env.rateLimit.loginMax ? { loginMax: env.rateLimit.loginMax } : {}),
        ...(env.rateLimit.failedLoginMax ? { failedLoginMax: env.rateLimit.failedLoginMax } : {}),
        ...(env.rateLimit.forgotMax ? { forgotMax: env.rateLimit.forgotMax } : {}),
        ...(env.rateLimit.contactMax ? { contactMax: env.rateLimit.contactMax } : {}),
      },
    },
    mailer: (mailLog) =>
      env.smtpUrl ? createSmtpMailer(env.smtpUrl, env.mailFrom, mailLog) : createOutboxMailer(join(env.dataDir, 'outbox'), mailLog),
  })
  const log = app.log
  log.info({ database: database.kind, dataDir: env.dataDir }, 'database ready, migrations applied')
  log.info(redis ? 'shared state (rate limits) in Redis: instances may run side by side' : 'shared state in memory: one instance')
  if (env.smtpUrl) log.info('mail: sent through SMTP_URL')
  else log.info({ outbox: join(env.dataDir, 'outbox') }, 'mail: written to the outbox (set SMTP_URL to send)')

  const now = new Date()
  const primary = await ensurePrimaryAdmin(database.db, { email: env.adminEmail, password: env.adminPassword, name: env.adminName }, now)
  if (primary.created && primary.generatedPassword) {
    log.warn(
      { email: primary.email },
      `PRIMARY ADMIN CREATED: sign in as ${primary.email} with the password ${primary.generatedPassword} ` +
        '(shown only this once; change it after signing in, or set ADMIN_EMAIL/ADMIN_PASSWORD on a fresh database)',
    )
  } else if (primary.created) {
    log.info({ email: primary.email }, 'primary admin created from ADMIN_EMAIL/ADMIN_PASSWORD')
  }

  if (env.seedDemo) {
    const demoPassword = env.demoPassword ?? generatePassword()
    const created = await seedDemo({ db: database.db, clock: () => new Date(), log, demoPassword })
    if (created > 0) {
      log.warn(
        env.demoPassword
          ? `demo data created (${created} rows); demo accounts use DEMO_PASSWORD`
          : `demo data created (${created} rows); demo accounts use the password ${demoPassword} (shown only this once)`,
      )
    }
  }

  await app.housekeeping()
  const timer = setInterval(() => void app.housekeeping(), HOUR)
  timer.unref()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) {
      log.warn({ signal }, 'second signal: exiting now')
      process.exit(1)
    }
    closing = true
    log.info({ signal }, 'shutting down: finishing in-flight requests')
    const force = setTimeout(() => {
      log.error('shutdown took too long; exiting')
      process.exit(1)
    }, SHUTDOWN_TIMEOUT_MS)
    force.unref()
    try {
      clearInterval(timer)
      await app.close()
      await database.close()
      await redis?.quit()
      log.info('stopped')
      process.exit(0)
    } catch (error) {
      log.error({ err: error }, 'error while shutting down')
      process.exit(1)
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
  process.on('SIGINT', () => void shutdown('SIGINT'))

  const address = await app.listen({ port: env.port, host: env.host })
  log.info({ publicUrl: env.publicUrl, host: env.host, port: env.port }, `listening on ${address} (public URL ${env.publicUrl})`)
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`configuration error: ${error.message}`)
  else if (error instanceof DataDirInUseError) console.error(`cannot start: ${error.message}`)
  else console.error('the server could not start:', error)
  process.exit(1)
})
