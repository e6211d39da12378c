import zlib from 'node:zlib'
import compress from '@fastify/compress'
import { join } from 'node:path'
import multipart from '@fastify/multipart'
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import type { Redis } from 'ioredis'
import type { Db } from './db'
import type {
  AppConfig,
  AppDeps,
  Authenticator,
  DeletionGuard,
  IdentityName,
  ListProvider,
  ResolvedConfig,
  ServerModule,
} from './lib/context'
import { sanitizeError, redactUrl } from './lib/log'
import { validatorCompiler } from './lib/validation'
import { warmUpPasswordHashing } from './lib/crypto'
import { DEFAULT_SESSION_TTL_MS } from './lib/sessions'
import { createOutboxMailer, MailQueue, type Mailer } from './mail'
import { loadModules } from './lib/modules'
import { withAfterCommit, type Reaction } from './lib/events'
import { registerAccess } from './plugins/access'
import { registerDocs, registerDocsRoute } from './plugins/docs'
import { registerErrorHandler } from './plugins/errors'
import { registerRateLimit } from './plugins/rate-limit'
import { registerHttpBasics } from './plugins/security'
import { registerSpa } from './plugins/spa'

export type BuildAppOptions = {
  db: Db
  config: AppConfig
  /** Default: the outbox under `config.dataDir/outbox`. A function receives the app's logger. */
  mailer?: Mailer | ((log: FastifyBaseLogger) => Mailer)
  /** The time, injectable for tests (session expiry, reset links, the resend rule). */
  clock?: () => Date
  /** `false`/absent: silent; `true`: info level; an object: pino options (redaction is always added). */
  logger?: boolean | Record<string, unknown>
  /** The modules to mount (default: all of `server/modules`). */
  modules?: readonly ServerModule[]
  /**
   * Shared state of several instances (rate limits, and what else must be seen by all): a Redis
   * client (REDIS_URL), or none for one instance keeping it in memory. The caller closes it.
   */
  redis?: Redis | null
}

const DEFAULT_RATE_LIMIT = {
  loginMax: 10,
  failedLoginMax: 30,
  failedLoginWindowMs: 15 * 60_000,
  forgotMax: 5,
  windowMs: 60_000,
  tokenMax: 20,
  notFoundMax: 60,
  contactMax: 5,
} as const
const DEFAULT_BODY_LIMIT = 1024 * 1024

/** Log paths whose values never reach the logs (tokens, passwords, credentials). */
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'password',
  'password_confirmation',
  'token',
  'api_token',
  'passwordHash',
  'tokenHash',
  '*.password',
  '*.password_confirmation',
  '*.token',
  '*.api_token',
  '*.passwordHash',
  '*.tokenHash',
  '*.*.password',
  '*.*.token',
]

function resolveConfig(config: AppConfig): ResolvedConfig {
  return {
    publicUrl: config.publicUrl.replace(/\/+$/, ''),
    dataDir: config.dataDir,
    staticDir: config.staticDir,
    sessionTtlMs: config.sessionTtlMs ?? DEFAULT_SESSION_TTL_MS,
    bodyLimit: config.bodyLimit ?? DEFAULT_BODY_LIMIT,
    rateLimit: { ...DEFAULT_RATE_LIMIT, ...config.rateLimit },
  }
}

function loggerOptions(logger: BuildAppOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return false
  return {
    level: 'info',
    ...(typeof logger === 'object' ? logger : {}),
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    serializers: {
      req: (request: { method: string; url: string; ip?: string; id?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        remoteAddress: request.ip,
      }),
      err: sanitizeError,
    },
  }
}

/**
 * Builds the Fastify instance: plugins (compilers, headers, errors, access, rate limits, docs,
 * multipart), then the modules' routes under `/api`, then the docs route and the SPA / 404 handling.
 * Used by main.ts, the tests and the benchmarks. Call `app.close()` to stop it (the database is the
 * caller's to close).
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const config = resolveConfig(options.config)
  const modules = options.modules ?? (await loadModules())
  const app = Fastify({
    logger: loggerOptions(options.logger),
    bodyLimit: config.bodyLimit,
    trustProxy: options.config.trustProxy ?? false,
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  })

  app.setValidatorCompiler(validatorCompiler)
  app.setSerializerCompiler(serializerCompiler)
  // Only JSON (and multipart, below) bodies: a text/plain body is a cross-site "simple request".
  app.removeContentTypeParser('text/plain')

  const mailer =
    typeof options.mailer === 'function'
      ? options.mailer(app.log)
      : (options.mailer ?? createOutboxMailer(join(config.dataDir, 'outbox'), app.log))
  const mail = new MailQueue(mailer, app.log)
  const deletionGuards = new Map<string, DeletionGuard[]>()
  for (const module of modules)
    for (const [resource, guard] of Object.entries(module.deletionGuards ?? {}))
      deletionGuards.set(resource, [...(deletionGuards.get(resource) ?? []), guard])
  const reactions = new Map<string, Reaction[]>()
  for (const module of modules)
    for (const reaction of module.reactions ?? []) reactions.set(reaction.event, [...(reactions.get(reaction.event) ?? []), reaction])
  const deps: AppDeps = {
    // its transactions run what was queued with `afterCommit` once committed
    db: withAfterCommit(options.db, (error) => app.log.error({ err: error }, 'after-commit task failed')),
    clock: options.clock ?? (() => new Date()),
    mail,
    config,
    log: app.log,
    deletionGuards,
    reactions,
    redis: options.redis ?? null,
  }
  app.decorate('deps', deps)

  registerHttpBasics(app)
  registerErrorHandler(app)
  const authenticators: Partial<Record<IdentityName, Authenticator>> = {}
  for (const module of modules) Object.assign(authenticators, module.authenticators)
  registerAccess(app, authenticators)
  await registerRateLimit(
    app,
    {
      max: config.rateLimit.failedLoginMax,
      windowMs: config.rateLimit.failedLoginWindowMs,
      now: deps.clock,
    },
    options.redis ?? null,
  )
  // JSON (and any other compressible answer) above 1 kB goes out compressed; the built app's files
  // are sent precompressed by the static plugin and pass through untouched
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  })
  await registerDocs(app, modules)
  await app.register(multipart, {
    limits: { fileSize: 5 * 1024 * 1024, files: 5, fields: 100, parts: 105, fieldSize: 64 * 1024 },
  })

  const listProviders = new Map<string, ListProvider>()
  for (const module of modules) {
    for (const [name, provider] of Object.entries(module.lists ?? {})) {
      if (listProviders.has(name)) throw new Error(`select list ${name} is registered twice`)
      listProviders.set(name, provider)
    }
  }
  app.decorate('listProviders', listProviders)

  for (const module of modules) {
    if (module.routes) await app.register(module.routes, { prefix: '/api' })
  }
  registerDocsRoute(app)
  await registerSpa(app, {
    staticDir: config.staticDir,
    notFoundMax: config.rateLimit.notFoundMax,
    windowMs: config.rateLimit.windowMs,
  })

  app.decorate('housekeeping', async () => {
    for (const module of modules) {
      if (!module.housekeeping) continue
      try {
        await module.housekeeping(deps)
      } catch (error) {
        app.log.error({ err: error, module: module.name }, 'housekeeping failed')
      }
    }
  })
  app.addHook('onReady', warmUpPasswordHashing)
  app.addHook('onClose', async () => {
    await mail.drain()
  })
  return app
}
