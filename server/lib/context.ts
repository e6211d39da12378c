import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import type { Redis } from 'ioredis'
import type { Locale } from '../../src/contract/common'
import type { ListItem } from '../../src/contract/resource'
import type { $ZodType } from 'zod/v4/core'
import type { Db } from '../db'
import type { MailQueue } from '../mail'
import type { Reaction } from './events'

export type RateLimitConfig = {
  /** Sign-in attempts per window, per client IP and email (default 10). */
  loginMax: number
  /** Failed sign-ins per `failedLoginWindowMs` and client IP, whatever the email (default 30). */
  failedLoginMax: number
  /** Window of `failedLoginMax` in milliseconds (default 15 minutes). */
  failedLoginWindowMs: number
  /** Forgot-password and registration requests per window, per client IP (default 5). */
  forgotMax: number
  /** Window length in milliseconds (default 60 000). */
  windowMs: number
  /** Reset-token checks and resets per window, per client IP (default 20). */
  tokenMax?: number
  /** Unknown `/api/*` paths per window, per client IP (default 60). */
  notFoundMax?: number
  /** Public contact-form messages per window, per client IP (default 5). */
  contactMax?: number
}

export type AppConfig = {
  /** Public origin of the product; every link in a mail starts with it (never the Host header). */
  publicUrl: string
  dataDir: string
  /** The built SPA; served with an index.html fallback when set and present. */
  staticDir?: string
  rateLimit?: Partial<RateLimitConfig>
  /** Session lifetime in milliseconds for both identities (default 7 days). */
  sessionTtlMs?: number
  /** Passed to Fastify's `trustProxy` (client IPs for rate limits behind a reverse proxy). */
  trustProxy?: boolean | string | string[]
  /** Request body limit in bytes (default 1 MiB). */
  bodyLimit?: number
}

export type ResolvedConfig = Required<Pick<AppConfig, 'publicUrl' | 'dataDir' | 'sessionTtlMs' | 'bodyLimit'>> & {
  staticDir: string | undefined
  rateLimit: Required<RateLimitConfig>
}

/** What services receive: the database, the time, the mail queue, the configuration, a logger. */
export type AppDeps = {
  db: Db
  clock: () => Date
  mail: MailQueue
  config: ResolvedConfig
  log: FastifyBaseLogger
  /** What every module says before a record of a resource is deleted, by resource name. */
  deletionGuards: ReadonlyMap<string, readonly DeletionGuard[]>
  /** What every module does when another module's event happens, by event name (`server/lib/events.ts`). */
  reactions: ReadonlyMap<string, readonly Reaction[]>
  /** The state several instances share (REDIS_URL): rate limits, the notifications' live bus; null for one instance. */
  redis: Redis | null
}

/** Why a record cannot be deleted now: a catalogue key and its values (answered as 409). */
type DeletionRefusal = { key: string; values?: Record<string, string | number> }

/**
 * Asked, inside the delete's transaction, before a record of another module's resource is deleted:
 * a refusal when this module's rows still need it (a package with active subscriptions, a category
 * a marketplace category is mapped to), else null. `lang`: the request's, for names in the values.
 */
export type DeletionGuard = (db: Db, id: number, lang: Locale) => Promise<DeletionRefusal | null>

export type IdentityName = 'admin' | 'user'

/** Who made an authenticated request. */
export type Principal = {
  identity: IdentityName
  id: number
  sessionId: number
  locale: Locale
  /** `module:action` strings; `*` means everything. */
  permissions: readonly string[]
}

/** Resolves a bearer token to its principal, or null for a missing, expired or revoked session. */
export type Authenticator = (deps: AppDeps, token: string) => Promise<Principal | null>

export type Seeder = {
  name: string
  /** Adds the module's demo rows that are missing; answers how many it created. Must be idempotent. */
  run: (deps: SeedDeps) => Promise<number>
}

export type SeedDeps = {
  db: Db
  clock: () => Date
  log: { info: (obj: object | string, msg?: string) => void; warn: (obj: object | string, msg?: string) => void }
  /** Password of the demo accounts (DEMO_PASSWORD, or generated and logged once). */
  demoPassword: string
  /** Every module, in seeding order (a seed may gather what the modules declare). */
  modules: readonly ServerModule[]
}

/**
 * A server module: a folder under `server/modules/` whose `index.ts` default-exports one of these
 * (found at start, no central list). `routes` is registered under `/api`; its tables live in its
 * `schema.ts` (drizzle-kit reads every one); `authenticators` are the identities it owns; `seed`
 * adds demo data; `housekeeping` purges expired rows (run at start and hourly).
 */
export type ServerModule = {
  name: string
  /** What the module serves: the description of its OpenAPI tag (routes are tagged by `name`). */
  description: string
  /** Modules whose seed must run first (its demo data refers to theirs). */
  after?: readonly string[]
  /** Permissions of its own the demo "content editor" role is given (demo data only). */
  demoGrants?: readonly string[]
  routes?: FastifyPluginAsync
  /** The `module:action` permissions its routes declare (roles grant them; a test checks every route's). */
  permissions?: readonly string[]
  /** Select lists it serves through `GET core/list/{name}`. */
  lists?: Readonly<Record<string, ListProvider>>
  authenticators?: Partial<Record<IdentityName, Authenticator>>
  seed?: Seeder
  housekeeping?: (deps: AppDeps) => Promise<void>
  /**
   * Records of other modules' resources this module's rows depend on, by resource name: the generic
   * delete asks each guard first, so the owning module needs no knowledge of who refers to it.
   */
  deletionGuards?: Readonly<Record<string, DeletionGuard>>
  /** What this module does, in the same transaction, when another module's event happens (`defineEvent(...).on`). */
  reactions?: readonly Reaction[]
}

/** A select list of `core/list/{name}`: who may read it, its filters (a strict query schema) and how to load it. */
export type ListProvider = {
  /** An admin holding any of these may read the list (its module's permissions, or those of the screens that pick from it). */
  permissions: readonly string[]
  query: $ZodType
  /** `admin`: who asks (a list may show only what that admin may reach). */
  load: (deps: AppDeps, lang: Locale, filters: Record<string, unknown>, admin: Principal) => Promise<ListItem[]>
}

/** Who may call a route: every `/api` route declares one (deny by default; checked at boot). */
export type AccessRule = { kind: 'public' } | { kind: 'user' } | { kind: 'admin'; permission: string }

type RouteAccess = { method: string; url: string; access: AccessRule }

export type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps
    /** Authenticates an admin bearer token (401 `errors.unauthenticated` otherwise). */
    requireAdmin: PreHandler
    /** Authenticates an end-user bearer token (401 otherwise). */
    requireUser: PreHandler
    /** Every `/api` route and its access rule, as registered (tests walk it). */
    routeAccess: RouteAccess[]
    /** The select lists of every module, by name (`core/list/{name}`). */
    listProviders: ReadonlyMap<string, ListProvider>
    /** Runs every module's housekeeping (expired sessions, tokens, old reset requests). */
    housekeeping: () => Promise<void>
  }
  interface FastifyRequest {
    /** Language of the messages of this request, from the `Lang` header (`ar` default). */
    lang: Locale
    admin: Principal | null
    user: Principal | null
  }
  interface FastifyContextConfig {
    /** Anyone may call this route. */
    public?: boolean
    /** Admin route: the permission it needs (`auth:self` = any signed-in admin, or `module:action`). */
    permission?: string
    /** End-user route: a signed-in end user. */
    identity?: 'user'
  }
}
