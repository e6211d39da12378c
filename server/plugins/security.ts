import type { FastifyInstance } from 'fastify'
import { parseLang } from '../i18n'

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
}

/**
 * Security headers on every response (API, static files, 404, errors), the request language,
 * `Cache-Control: no-store` on API answers (they carry tokens and personal data), and
 * `Connection: close` once the server is closing.
 */
export function registerHttpBasics(app: FastifyInstance): void {
  app.decorateRequest('lang', 'ar')
  app.decorateRequest('admin', null)
  app.decorateRequest('user', null)

  app.addHook('onRequest', async (request) => {
    request.lang = parseLang(request.headers.lang)
  })

  // While closing, answers end their keep-alive connection: otherwise a browser's idle connection
  // keeps `app.close()` (and a graceful shutdown) waiting for the keep-alive timeout.
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })

  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) reply.header(name, value)
    if (closing) reply.header('connection', 'close')
    if (request.url.startsWith('/api/') || request.url === '/api') {
      reply.header('cache-control', 'no-store')
      reply.header('content-language', request.lang)
    }
    return payload
  })
}
