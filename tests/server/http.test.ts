import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { authPaths } from '../../src/contract/auth'
import { buildApp } from '../../server/app'
import { openDatabase, type Db } from '../../server/db'
import { createMemoryMailer } from '../../server/mail'
import { loadModules } from '../../server/lib/modules'
import { CONTENT_SECURITY_POLICY } from '../../server/plugins/security'
import { backends, PASSWORD, PUBLIC_URL, tokenFromMail, useTestServer } from './helpers'

const LOGIN = '/api/admin-panal/auth/login'
const FORGOT = '/api/admin-panal/auth/forgot-password'
const CHECK = '/api/admin-panal/auth/check-reset-token'

function expectSecurityHeaders(headers: Record<string, unknown>) {
  expect(headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY)
  expect(headers['x-content-type-options']).toBe('nosniff')
  expect(headers['referrer-policy']).toBe('no-referrer')
  expect(headers['x-frame-options']).toBe('DENY')
  expect(headers['permissions-policy']).toMatch(/^camera=\(\), microphone=\(\), geolocation=\(\)/)
}

describe.each(backends)('HTTP behaviour on $name', (backend) => {
  const server = useTestServer(backend)

  describe('transport security', () => {
    it('sends HSTS over HTTPS only: behind a trusted proxy that says https, never over plain HTTP', async () => {
      const plain = await server.request({ url: '/api/health' })
      expect(plain.headers['strict-transport-security']).toBeUndefined()
      const untrusted = await server.request({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
      expect(untrusted.headers['strict-transport-security']).toBeUndefined()
      await server.rebuild({ trustProxy: true })
      const proxied = await server.request({ url: '/api/health', headers: { 'x-forwarded-proto': 'https' } })
      expect(proxied.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      expectSecurityHeaders(proxied.headers)
    })
  })

  describe('validation and malformed requests (never a 500)', () => {
    it.each([
      ['en', { email: 'x', password: '' }, { email: ['must be a valid email'], password: ['Required Field'] }],
      ['ar', { email: 'x', password: '' }, { email: ['يجب أن يكون بريدًا إلكترونيًا صحيحًا'], password: ['حقل مطلوب'] }],
    ] as const)('answers 422 with per-field messages (%s)', async (lang, body, errors) => {
      const res = await server.request({ url: LOGIN, body, lang })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({
        status: false,
        message: lang === 'en' ? 'Some fields need your attention.' : 'بعض الحقول تحتاج إلى مراجعة.',
        errors,
      })
    })

    it('refuses unknown fields with 422 on each of them', async () => {
      const res = await server.request({ url: FORGOT, lang: 'en', body: { email: 'a@example.com', role: 'admin', isAdmin: true } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ role: ['is not an allowed field'], isAdmin: ['is not an allowed field'] })
    })

    it.each([
      ['{"token":{}}', CHECK, { token: ['must be text'] }],
      ['{"email":["a"]}', FORGOT, { email: ['must be text'] }],
      ['{"email":"a@example.com","password":123}', LOGIN, { password: ['must be text'] }],
      ['{"email":null,"password":true}', LOGIN, { email: ['Required Field'], password: ['must be text'] }],
      ['[]', LOGIN, { _: ['must be an object'] }],
      ['[{"email":"a@example.com"}]', FORGOT, { _: ['must be an object'] }],
      ['42', LOGIN, { _: ['must be an object'] }],
      ['"text"', LOGIN, { _: ['must be an object'] }],
      ['null', LOGIN, { email: ['Required Field'], password: ['Required Field'] }],
      ['{}', CHECK, { token: ['Required Field'] }],
    ])('answers 422 with field errors for the type-confused body %s', async (payload, url, errors) => {
      const res = await server.request({ method: 'POST', url, payload, contentType: 'application/json', lang: 'en' })
      expect(res.status).toBe(422)
      expect(res.json.status).toBe(false)
      expect(res.json.errors).toEqual(errors)
    })

    it('treats a missing body as an empty one (each required field named)', async () => {
      const res = await server.request({ method: 'POST', url: LOGIN, lang: 'en' })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ email: ['Required Field'], password: ['Required Field'] })
    })

    it.each([
      ['{bad json', 'application/json'],
      ['', 'application/json'],
      ['{"__proto__":{"admin":true}}', 'application/json'],
    ])('answers 400 "request could not be read" for %j', async (payload, contentType) => {
      const res = await server.request({ method: 'POST', url: LOGIN, payload, contentType, lang: 'en' })
      expect(res.status).toBe(400)
      expect(res.json).toEqual({
        status: false,
        message: 'The request could not be read.',
        errors: { _: ['The request could not be read.'] },
      })
    })

    it.each(['text/plain', 'application/x-www-form-urlencoded', 'application/xml'])(
      'answers 415 for the content type %s',
      async (contentType) => {
        const res = await server.request({ method: 'POST', url: LOGIN, payload: 'email=a&password=b', contentType, lang: 'ar' })
        expect(res.status).toBe(415)
        expect(res.json).toEqual({ status: false, message: 'تعذّرت قراءة الطلب.', errors: { _: ['تعذّرت قراءة الطلب.'] } })
      },
    )

    it('answers 413 for a body over the limit', async () => {
      const payload = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(1024 * 1024 + 10) })
      const res = await server.request({ method: 'POST', url: LOGIN, payload, contentType: 'application/json', lang: 'en' })
      expect(res.status).toBe(413)
      expect(res.json).toEqual({ status: false, message: 'The request is too large.', errors: { _: ['The request is too large.'] } })
      expectSecurityHeaders(res.headers)
    })

    it('bounds the size of fields (a 2 000-character password is refused before hashing)', async () => {
      const res = await server.request({ url: LOGIN, lang: 'en', body: { email: 'a@example.com', password: 'x'.repeat(2000) } })
      expect(res.status).toBe(422)
      expect(res.json.errors.password).toEqual(['must be at most 1024 characters'])
    })

    it('answers 500 errors.generic for an unexpected error, without its message or stack', async () => {
      server.app.get('/api/test/boom', { config: { public: true } }, async () => {
        throw new Error('connection to db-internal.local:5432 refused at /srv/app/secret.ts:12')
      })
      for (const lang of ['en', 'ar'] as const) {
        const res = await server.request({ url: '/api/test/boom', lang })
        expect(res.status).toBe(500)
        expect(res.json).toEqual({
          status: false,
          message: lang === 'en' ? 'Something went wrong. Please try again.' : 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
          errors: {},
        })
        expect(res.text).not.toMatch(/db-internal|secret\.ts|at \//)
      }
    })
  })

  describe('language of messages', () => {
    it.each([
      [undefined, 'ar'],
      ['en', 'en'],
      ['EN-us', 'en'],
      ['ar', 'ar'],
      ['fr', 'ar'],
    ])('Lang %s answers in %s', async (lang, expected) => {
      const res = await server.request({ url: '/api/nope', headers: lang ? { lang } : {} })
      expect(res.json.message).toBe(expected === 'en' ? 'Not found.' : 'غير موجود.')
      expect(res.headers['content-language']).toBe(expected)
    })
  })

  describe('health and docs', () => {
    it('GET /api/health answers 200 once the database answers', async () => {
      const res = await server.request({ url: '/api/health', lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: true, message: 'Done.', result: { status: 'ok', database: 'up' } })
      expect(res.headers['cache-control']).toBe('no-store')
      expectSecurityHeaders(res.headers)
    })

    it('GET /api/docs serves the OpenAPI document generated from the contract', async () => {
      const res = await server.request({ url: '/api/docs' })
      expect(res.status).toBe(200)
      expect(res.json.openapi).toBe('3.1.0')
      const paths = Object.keys(res.json.paths as Record<string, unknown>)
      for (const path of [...Object.values(authPaths.admin), ...Object.values(authPaths.user)]) {
        expect(paths).toContain(`/api/${path}`)
      }
      const login = res.json.paths['/api/admin-panal/auth/login'].post
      const schema = login.requestBody.content['application/json'].schema
      expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']))
      expect(schema.additionalProperties).toBe(false)
      expect(Object.keys(login.responses)).toEqual(expect.arrayContaining(['200', '422', '429']))
      expect(paths).not.toContain('/api/docs')
    })
  })

  describe('unknown paths', () => {
    it('answers unknown /api paths with a JSON 404, any method', async () => {
      for (const method of ['GET', 'POST', 'DELETE'] as const) {
        const res = await server.request({ method, url: '/api/admin-panal/unknown', lang: 'en' })
        expect(res.status).toBe(404)
        expect(res.json).toEqual({ status: false, message: 'Not found.', errors: {} })
        expectSecurityHeaders(res.headers)
      }
    })

    it('answers 404 for other paths when no SPA is built', async () => {
      const res = await server.request({ url: '/admin-panel/dashboard' })
      expect(res.status).toBe(404)
      expectSecurityHeaders(res.headers)
    })
  })

  describe('rate limits', () => {
    it.each([
      ['en', /^Too many attempts\. Please wait \d+ seconds and try again\.$/],
      ['ar', /^محاولات كثيرة\. يرجى الانتظار \d+ ثانية ثم المحاولة مرة أخرى\.$/],
    ] as const)('limits sign-in attempts per IP and email with a 429 in the envelope (%s)', async (lang, message) => {
      await server.rebuild({ rateLimit: { loginMax: 3 } })
      const admin = await server.createAdmin()
      for (let i = 0; i < 3; i++) {
        const res = await server.request({ url: LOGIN, lang, body: { email: admin.email, password: 'Wrong-pass-1' } })
        expect(res.status).toBe(422)
      }
      // Even the right password is refused now, in any letter case of the email.
      const limited = await server.request({ url: LOGIN, lang, body: { email: admin.email.toUpperCase(), password: PASSWORD } })
      expect(limited.status).toBe(429)
      expect(limited.json.status).toBe(false)
      expect(limited.json.message).toMatch(message)
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
      expectSecurityHeaders(limited.headers)
      // Another email from the same client is not limited.
      const other = await server.createAdmin()
      expect((await server.request({ url: LOGIN, body: { email: other.email, password: PASSWORD } })).status).toBe(200)
    })

    it('counts invalid sign-in bodies too', async () => {
      await server.rebuild({ rateLimit: { loginMax: 2 } })
      for (let i = 0; i < 2; i++) expect((await server.request({ url: LOGIN, body: { email: 'a@example.com' } })).status).toBe(422)
      expect((await server.request({ url: LOGIN, body: { email: 'a@example.com' } })).status).toBe(429)
    })

    it('limits failed sign-ins per address whatever the email (password spraying), admins and end users together', async () => {
      await server.rebuild({ rateLimit: { failedLoginMax: 5 } })
      const admin = await server.createAdmin()
      const user = await server.createUser()
      // a success does not count, and does not reset the count
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })).status).toBe(200)
      for (let i = 0; i < 3; i++) {
        const res = await server.request({ url: LOGIN, body: { email: `sprayed-${i}@example.com`, password: 'Summer-2026' } })
        expect(res.status).toBe(422)
      }
      expect((await server.request({ url: '/api/login', body: { email: 'x@example.com', password: 'Summer-2026' } })).status).toBe(422)
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })).status).toBe(200)
      expect((await server.request({ url: '/api/login', body: { email: 'y@example.com', password: 'Summer-2026' } })).status).toBe(422)
      // five failures: the address is refused, on both sign-in routes, even with the right password
      const limited = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD }, lang: 'en' })
      expect(limited.status).toBe(429)
      expect(limited.json.message).toMatch(/^Too many attempts\. Please wait \d+ seconds/)
      expect((await server.request({ url: '/api/login', body: { email: user.email, password: PASSWORD } })).status).toBe(429)
      // another address is not limited
      const elsewhere = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD }, remoteAddress: '203.0.113.9' })
      expect(elsewhere.status).toBe(200)
      // the window passes: the address may try again
      server.clock.advance(15 * 60_000 + 1)
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })).status).toBe(200)
    })

    it('limits forgot-password requests per IP', async () => {
      await server.rebuild({ rateLimit: { forgotMax: 2 } })
      expect((await server.request({ url: FORGOT, body: { email: 'a@example.com' } })).status).toBe(200)
      expect((await server.request({ url: FORGOT, body: { email: 'b@example.com' } })).status).toBe(200)
      const limited = await server.request({ url: FORGOT, body: { email: 'c@example.com' }, lang: 'en' })
      expect(limited.status).toBe(429)
      expect(limited.json.message).toMatch(/^Too many attempts/)
      const user = await server.request({ url: '/api/forgot_password', body: { email: 'c@example.com' } })
      expect(user.status).toBe(200)
    })

    it('limits unknown /api paths', async () => {
      await server.rebuild({ rateLimit: { notFoundMax: 2 } })
      expect((await server.request({ url: '/api/a' })).status).toBe(404)
      expect((await server.request({ url: '/api/b' })).status).toBe(404)
      const limited = await server.request({ url: '/api/c', lang: 'en' })
      expect(limited.status).toBe(429)
      expect(limited.json.message).toMatch(/^Too many attempts/)
    })
  })

  describe('access rules (deny by default)', () => {
    it('every /api route declares who may call it, and every non-public one refuses a missing token', async () => {
      await server.app.ready()
      const routes = server.app.routeAccess.filter((r) => r.method !== 'HEAD')
      expect(routes.length).toBeGreaterThanOrEqual(13)
      const publicRoutes = routes.filter((r) => r.access.kind === 'public').map((r) => `${r.method} ${r.url}`)
      expect(publicRoutes.sort()).toEqual(
        [
          'GET /api/core/site',
          'GET /api/docs',
          'GET /api/health',
          'POST /api/admin-panal/auth/check-reset-token',
          'POST /api/admin-panal/auth/forgot-password',
          'POST /api/admin-panal/auth/login',
          'POST /api/admin-panal/auth/reset-password',
          'POST /api/forgot_password',
          'POST /api/check-reset-token',
          'POST /api/reset-password',
          'POST /api/login',
          'POST /api/contact',
          'POST /api/coupons/check',
          'GET /api/uploads/:name',
          'POST /api/register',
          'GET /api/register/vender/options',
          'GET /api/register/vender/subdomain-availability',
          'GET /api/register/vender/referral-code',
          'POST /api/register/vender/drafts',
          'GET /api/register/vender/drafts/:token',
          'PUT /api/register/vender/drafts/:token/store',
          'PUT /api/register/vender/drafts/:token/package',
          'POST /api/register/vender/drafts/:token/payment',
          'POST /api/register/vender/drafts/:token/payment/confirm',
          'POST /api/register/vender/drafts/:token/transfer',
          'POST /api/register/vender/drafts/:token/complete',
        ].sort(),
      )
      for (const route of routes.filter((r) => r.access.kind !== 'public')) {
        const url = route.url.replace(/:(\w+)/g, '1')
        const res = await server.request({ method: route.method as 'GET', url, lang: 'en' })
        expect(res.status, `${route.method} ${route.url}`).toBe(401)
        expect(res.json.message).toBe('Your session has ended. Please sign in again.')
      }
    })

    it('checks module permissions: a sub user without it gets 403, a primary user passes', async () => {
      server.app.get('/api/test/coupons', { config: { permission: 'coupons:view' } }, async () => ({ ok: true }))
      const sub = await server.createAdmin({ userType: 'sub' })
      const primary = await server.createAdmin({ userType: 'primary' })
      const subToken = await server.loginAdmin(sub.email)
      const primaryToken = await server.loginAdmin(primary.email)
      const denied = await server.request({ url: '/api/test/coupons', token: subToken, lang: 'en' })
      expect(denied.status).toBe(403)
      expect(denied.json).toEqual({ status: false, message: 'You are not allowed to do this.', errors: {} })
      expect((await server.request({ url: '/api/test/coupons', token: primaryToken })).status).toBe(200)
      expect((await server.request({ url: '/api/test/coupons' })).status).toBe(401)
    })

    it('refuses to start when an /api route declares no access rule', async () => {
      const broken = {
        name: 'broken',
        description: 'A module whose route forgets its access rule',
        routes: async (app: import('fastify').FastifyInstance) => {
          app.get('/forgotten', async () => ({ ok: true }))
        },
      }
      const build = async () => {
        const app = await buildApp({
          db: server.db,
          config: { publicUrl: PUBLIC_URL, dataDir: server.dataDir },
          mailer: createMemoryMailer(),
          modules: [...(await loadModules()), broken],
        })
        await app.ready()
        return app
      }
      await expect(build()).rejects.toThrow(/GET \/api\/forgotten declares no access rule/)
    })
  })

  describe('logs', () => {
    it('never log a token, a password or a reset link', async () => {
      const lines: string[] = []
      const stream = new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk))
          done()
        },
      })
      await server.rebuild({ logger: { level: 'trace', stream } })
      const admin = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      await server.request({ url: '/api/admin-panal/auth/me', token })
      await server.request({ url: FORGOT, body: { email: admin.email } })
      const [mail] = await server.mails()
      const resetToken = tokenFromMail(mail!)
      await server.request({ url: `/admin-panel/reset-password?token=${resetToken}&lang=en` })
      await server.request({ url: CHECK, body: { token: resetToken } })
      const log = lines.join('')
      expect(lines.length).toBeGreaterThan(5)
      expect(log).toContain('/admin-panel/reset-password?token=%5Bredacted%5D&lang=en')
      for (const secret of [token, resetToken, PASSWORD, 'argon2']) expect(log).not.toContain(secret)
    })
  })
})

describe('SPA and static files', () => {
  const server = useTestServer(backends[0]!)
  let dist = ''

  beforeAll(async () => {
    dist = await mkdtemp(join(tmpdir(), 'spa-'))
    await mkdir(join(dist, 'assets'))
    await writeFile(join(dist, 'index.html'), '<!doctype html><title>SPA index</title>')
    await writeFile(join(dist, 'assets', 'app-abc123.js'), 'console.log("app")')
    await writeFile(join(dist, 'assets', 'layout.worker-abc123.js'), 'self.onmessage = () => {}')
    await writeFile(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  })
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true })
  })

  it('serves files of the build with security headers and long caching for hashed assets', async () => {
    await server.rebuild({ staticDir: dist })
    const res = await server.request({ url: '/assets/app-abc123.js' })
    expect(res.status).toBe(200)
    expect(res.text).toBe('console.log("app")')
    expect(String(res.headers['content-type'])).toMatch(/javascript/)
    expect(res.headers['cache-control']).toContain('immutable')
    // a script obeys nosniff; the document's policies are the page's, not sent again with it
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['content-security-policy']).toBeUndefined()
    expect(res.headers['x-frame-options']).toBeUndefined()
    expect(res.headers['permissions-policy']).toBeUndefined()
    expect(res.headers.etag).toBeUndefined()
    expect(res.headers['last-modified']).toBeUndefined()
    // a worker runs under its own script's policy: it keeps them
    const worker = await server.request({ url: '/assets/layout.worker-abc123.js' })
    expect(worker.status).toBe(200)
    expectSecurityHeaders(worker.headers)
    const icon = await server.request({ url: '/favicon.svg' })
    expect(icon.status).toBe(200)
    expect(icon.headers['cache-control']).toBe('no-cache')
    expectSecurityHeaders(icon.headers)
  })

  it.each(['/', '/admin-panel', '/admin-panel/dashboard', '/register/vender', '/admin-panel/reset-password?token=abc', '/404'])(
    'falls back to index.html for %s',
    async (url) => {
      await server.rebuild({ staticDir: dist })
      const res = await server.request({ url, headers: { accept: 'text/html' } })
      expect(res.status).toBe(200)
      expect(res.text).toContain('SPA index')
      expect(String(res.headers['content-type'])).toMatch(/text\/html/)
      expect(res.headers['cache-control']).toBe('no-cache')
      expectSecurityHeaders(res.headers)
    },
  )

  it('answers 404 (not index.html) for a build file that does not exist, and serves files added after start', async () => {
    await server.rebuild({ staticDir: dist })
    const missing = await server.request({ url: '/assets/chunk-gone.js' })
    expect(missing.status).toBe(404)
    expect(missing.text).not.toContain('SPA index')
    await writeFile(join(dist, 'assets', 'added-later.js'), 'console.log("new build")')
    const added = await server.request({ url: '/assets/added-later.js' })
    expect(added.status).toBe(200)
    expect(added.text).toContain('new build')
  })

  it('keeps JSON 404s for /api and for non-GET requests, and never serves files outside the build', async () => {
    await server.rebuild({ staticDir: dist })
    const api = await server.request({ url: '/api/missing' })
    expect(api.status).toBe(404)
    expect(api.json.status).toBe(false)
    expect((await server.request({ method: 'POST', url: '/admin-panel', body: {} })).status).toBe(404)
    const traversal = await server.request({ url: '/assets/..%2f..%2fetc%2fpasswd' })
    expect(traversal.text).not.toContain('root:')
  })

  it('answers health even with a broken database: 503, no 500', async () => {
    const broken = { execute: async () => Promise.reject(new Error('down')) } as unknown as Db
    const app = await buildApp({ db: broken, config: { publicUrl: PUBLIC_URL, dataDir: server.dataDir }, mailer: createMemoryMailer() })
    const res = await app.inject({ url: '/api/health', headers: { lang: 'en' } })
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ status: false, message: 'Something went wrong. Please try again.', errors: {} })
    await app.close()
  })

  it('answers 503 "briefly unavailable" with Retry-After while the database server cannot be reached, in both languages', async () => {
    const away = await openDatabase({ databaseUrl: 'postgres://postgres@127.0.0.1:1/none', dataDir: server.dataDir, migrate: false })
    const app = await buildApp({ db: away.db, config: { publicUrl: PUBLIC_URL, dataDir: server.dataDir }, mailer: createMemoryMailer() })
    try {
      for (const [lang, message] of [
        ['en', 'The service is briefly unavailable. Please try again in a moment.'],
        ['ar', 'الخدمة غير متاحة مؤقتًا. يرجى المحاولة بعد لحظات.'],
      ] as const) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/admin-panal/auth/login',
          headers: { lang },
          payload: { email: 'admin@example.com', password: PASSWORD },
        })
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe('5')
        expect(res.json()).toEqual({ status: false, message, errors: {} })
      }
    } finally {
      await app.close()
      await away.close()
    }
  })
})

describe('compression', () => {
  const server = useTestServer(backends[0]!)
  let dist = ''
  const script = `console.log(${JSON.stringify('x'.repeat(4000))})`
  const page = `<!doctype html><title>SPA index</title>${'<p>filler</p>'.repeat(200)}`
  // each copy on disk is marked, so an answer shows it is the copy written at build and not the
  // file compressed per request
  const copyOf = (text: string, encoding: string) => `${text}\n<!-- ${encoding} copy -->`

  beforeAll(async () => {
    // a build as the web app's writes it: every text file with its .br and .gz copies
    dist = await mkdtemp(join(tmpdir(), 'spa-compressed-'))
    await mkdir(join(dist, 'assets'))
    for (const [file, text] of [
      ['index.html', page],
      ['assets/app-abc123.js', script],
    ] as const) {
      await writeFile(join(dist, file), text)
      await writeFile(join(dist, `${file}.br`), brotliCompressSync(copyOf(text, 'br')))
      await writeFile(join(dist, `${file}.gz`), gzipSync(copyOf(text, 'gzip')))
    }
  })
  afterAll(async () => {
    await rm(dist, { recursive: true, force: true })
  })

  const raw = (url: string, encoding?: string, token?: string) =>
    server.app.inject({
      url,
      headers: { ...(encoding ? { 'accept-encoding': encoding } : {}), ...(token ? { authorization: `Bearer ${token}` } : {}), lang: 'en' },
    })

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip, deflate, br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
  ] as const)('sends the build precompressed: Accept-Encoding %s gets %s', async (accept, encoding, decode) => {
    await server.rebuild({ staticDir: dist })
    for (const [url, text] of [
      ['/assets/app-abc123.js', script],
      ['/', page],
      ['/admin-panel/dashboard', page],
    ] as const) {
      const res = await raw(url, accept)
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-encoding']).toBe(encoding)
      expect(String(res.headers.vary)).toMatch(/accept-encoding/i)
      expect(decode(res.rawPayload).toString()).toBe(copyOf(text, encoding))
    }
    expect((await raw('/assets/app-abc123.js', accept)).headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect((await raw('/', accept)).headers['cache-control']).toBe('no-cache')
  })

  it('sends the file itself to a client that accepts no compression', async () => {
    await server.rebuild({ staticDir: dist })
    const res = await raw('/assets/app-abc123.js')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(script)
    const identity = await raw('/', 'identity')
    expect(identity.headers['content-encoding']).toBeUndefined()
    expect(identity.body).toBe(page)
  })

  it('compresses JSON above 1 kB and leaves a small answer as it is', async () => {
    await server.rebuild()
    const token = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const big = await raw('/api/core/common', 'br, gzip', token)
    expect(big.statusCode).toBe(200)
    expect(big.headers['content-encoding']).toBe('br')
    expect(String(big.headers.vary)).toMatch(/accept-encoding/i)
    const json = JSON.parse(brotliDecompressSync(big.rawPayload).toString())
    expect(json.status).toBe(true)
    expect(brotliDecompressSync(big.rawPayload).length).toBeGreaterThan(1024)
    const plain = await raw('/api/core/common', undefined, token)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.json()).toEqual(json)
    const small = await raw('/api/health', 'br, gzip')
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.json().status).toBe(true)
  })
})

describe('graceful close', () => {
  const server = useTestServer(backends[0]!)

  it('lets in-flight requests finish, then stops accepting', async () => {
    let arrived!: () => void
    const handling = new Promise<void>((resolve) => (arrived = resolve))
    server.app.get('/api/test/slow', { config: { public: true } }, async () => {
      arrived()
      await new Promise((resolve) => setTimeout(resolve, 300))
      return { status: true, message: 'slow', result: null }
    })
    await server.app.listen({ host: '127.0.0.1', port: 0 })
    const { port } = server.app.server.address() as import('node:net').AddressInfo
    const inFlight = fetch(`http://127.0.0.1:${port}/api/test/slow`)
    // close once the request is being handled (not after a guessed delay)
    await handling
    const closing = server.app.close()
    const res = await inFlight
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ message: 'slow' })
    await closing
    await expect(fetch(`http://127.0.0.1:${port}/api/health`)).rejects.toThrow()
  })
})
