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

/** Headers every response carries: what a script, a style sheet or a font obeys too. */
const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
}

/**
 * Headers that govern a document (or a worker, which runs under its own script's policy): the page,
 * the API's answers, errors. A hashed script, style sheet or font of the build is none of these, and
 * a browser ignores them there, so they are not sent with them (about 430 bytes on each of the
 * dozen files a first visit loads).
 */
const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  // The admin uses none of these powerful features: nothing embedded or injected may either.
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=()',
}

/** A file of the build's `assets/` that runs in or styles a document: not a document itself. */
const isSubresource = (url: string, contentType: string) =>
  url.startsWith('/assets/') && !/worker/i.test(url) && /javascript|css|font/.test(contentType)

/** Sent over HTTPS only (directly, or behind a proxy named by TRUST_PROXY that says so). */
const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains'

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

  // A route's own stricter header (the uploads' sandboxing CSP, their immutable caching) is kept.
  app.addHook('onSend', async (request, reply, payload) => {
    for (const [name, value] of Object.entries(SECURITY_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value)
    if (!isSubresource(request.url, String(reply.getHeader('content-type') ?? '')))
      for (const [name, value] of Object.entries(DOCUMENT_HEADERS)) if (!reply.hasHeader(name)) reply.header(name, value)
    if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY)
    if (closing) reply.header('connection', 'close')
    if (request.url.startsWith('/api/') || request.url === '/api') {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store')
      reply.header('content-language', request.lang)
    }
    return payload
  })
}
