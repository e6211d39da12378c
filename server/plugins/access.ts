import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify'
import { hasPermission } from '../../src/contract/access'
import type { AccessRule, Authenticator, IdentityName, PreHandler, Principal } from '../lib/context'
import { AppError } from '../lib/errors'

const BEARER = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)\s*$/i

function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization
  if (typeof header !== 'string' || header.length > 1024) return null
  const match = BEARER.exec(header)
  return match?.[1] ?? null
}

/** The admin of a route that declares a permission (set by the access check before the handler). */
export function adminOf(request: FastifyRequest): Principal {
  if (!request.admin) throw new AppError(401, 'errors.unauthenticated')
  return request.admin
}

/** The end user of a route that declares `identity: 'user'`. */
export function userOf(request: FastifyRequest): Principal {
  if (!request.user) throw new AppError(401, 'errors.unauthenticated')
  return request.user
}

const unauthenticated = () => new AppError(401, 'errors.unauthenticated')

/** Reads the access rule a route declares in its config; null when it declares none. */
function accessRuleOf(config: RouteOptions['config']): AccessRule | null {
  if (!config) return null
  if (config.public === true) return { kind: 'public' }
  if (config.identity === 'user') return { kind: 'user' }
  if (typeof config.permission === 'string' && config.permission.length > 0) {
    return { kind: 'admin', permission: config.permission }
  }
  return null
}

/**
 * Authentication and authorisation, deny by default: every `/api` route must declare `public`,
 * `identity: 'user'` or an admin `permission` in its config, or the server refuses to start. The
 * checks run on `onRequest`, before the body is read.
 */
export function registerAccess(app: FastifyInstance, authenticators: Partial<Record<IdentityName, Authenticator>>): void {
  const authenticate = async (identity: IdentityName, request: FastifyRequest): Promise<Principal> => {
    const token = bearerToken(request)
    const authenticator = authenticators[identity]
    if (!token || !authenticator) throw unauthenticated()
    const principal = await authenticator(app.deps, token)
    if (!principal) throw unauthenticated()
    return principal
  }

  const requireAdmin: PreHandler = async (request) => {
    request.admin = await authenticate('admin', request)
  }
  const requireUser: PreHandler = async (request) => {
    request.user = await authenticate('user', request)
  }
  app.decorate('requireAdmin', requireAdmin)
  app.decorate('requireUser', requireUser)
  app.decorate('routeAccess', [])

  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') && route.url !== '/api') return
    const rule = accessRuleOf(route.config)
    const methods = Array.isArray(route.method) ? route.method : [route.method]
    if (!rule) {
      throw new Error(`${methods.join(',')} ${route.url} declares no access rule (config.public, config.identity or config.permission)`)
    }
    for (const method of methods) app.routeAccess.push({ method, url: route.url, access: rule })
    if (rule.kind === 'public') return

    const check: PreHandler =
      rule.kind === 'user'
        ? requireUser
        : async (request, reply) => {
            await requireAdmin(request, reply)
            if (request.admin && !hasPermission(request.admin.permissions, rule.permission)) throw new AppError(403, 'errors.forbidden')
          }
    const existing = route.onRequest
    route.onRequest = existing === undefined ? [check] : [check, ...(Array.isArray(existing) ? existing : [existing])]
  })
}
