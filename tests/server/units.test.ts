import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { userRegisterBody } from '../../src/contract/auth'
import { storeStepBody } from '../../src/contract/registration'
import { issuesByField } from '../../src/contract/validation'
import { ConfigError, readEnv } from '../../server/config'
import { hashToken, needsRehash, newToken, verifyPassword, hashPassword } from '../../server/lib/crypto'
import { redactUrl, sanitizeError } from '../../server/lib/log'
import { resetLink } from '../../server/lib/password-reset'
import { hasMessage, parseLang, t, translateRef } from '../../server/i18n'
import { MailQueue, resetPasswordMail, type MailMessage } from '../../server/mail'
import { catalogues } from '../../src/i18n/catalogue'

const { ar, en } = catalogues

async function serverSources(dir = 'server'): Promise<string[]> {
  const out: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) out.push(...(await serverSources(path)))
    else if (path.endsWith('.ts')) out.push(path)
  }
  return out
}

function keysOf(tree: object, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keysOf(value as object, `${prefix}${key}.`),
  )
}

describe('message catalogue', () => {
  it('has every key the server uses, in both languages', async () => {
    const used = new Set<string>()
    for (const file of await serverSources()) {
      const text = await readFile(file, 'utf8')
      for (const match of text.matchAll(/'((?:errors|messages|mail|validation|[a-z]+\.(?:errors|messages))\.[A-Za-z.]+)'/g))
        used.add(match[1]!)
    }
    expect(used.size).toBeGreaterThan(20)
    const enKeys = new Set(keysOf(en))
    const arKeys = new Set(keysOf(ar))
    for (const key of used) {
      expect(enKeys.has(key), `en.json lacks ${key}`).toBe(true)
      expect(arKeys.has(key), `ar.json lacks ${key}`).toBe(true)
    }
  })

  it('has the same keys in ar and en (a plural counts once: Arabic has more forms than English)', () => {
    const base = (keys: string[]) => [...new Set(keys.map((k) => k.replace(/_(zero|one|two|few|many|other)$/, '')))].sort()
    expect(base(keysOf(ar))).toEqual(base(keysOf(en)))
  })

  it('translates and interpolates {{x}}, falling back to the key', () => {
    expect(t('en', 'errors.rateLimited', { seconds: 42 })).toBe('Too many attempts. Please wait 42 seconds and try again.')
    expect(t('ar', 'errors.rateLimited', { seconds: 42 })).toBe('محاولات كثيرة. يرجى الانتظار 42 ثانية ثم المحاولة مرة أخرى.')
    expect(t('en', 'errors.fieldRequired', { field: 'Email' })).toBe('Email is required')
    expect(t('en', 'errors.rateLimited')).toContain('{{seconds}}')
    expect(t('en', 'no.such.key')).toBe('no.such.key')
    expect(hasMessage('errors.invalidCredentials')).toBe(true)
    expect(hasMessage('errors')).toBe(false)
  })

  it('translates type names inside validation messages', () => {
    expect(translateRef('en', { key: 'validation.type', values: { type: 'string' } })).toBe('must be text')
    expect(translateRef('ar', { key: 'validation.type', values: { type: 'string' } })).toBe('يجب أن يكون نصًا')
    expect(translateRef('en', { key: 'validation.type', values: { type: 'bigint' } })).toBe('must be bigint')
  })

  it.each([
    [undefined, 'ar'],
    ['en', 'en'],
    ['en-GB', 'en'],
    [' EN ', 'en'],
    ['ar-SA', 'ar'],
    ['de', 'ar'],
    [['en', 'ar'], 'en'],
  ])('reads the Lang header %j as %s', (value, expected) => {
    expect(parseLang(value)).toBe(expected)
  })
})

describe('contract validation messages', () => {
  it('reports a wrong type as a type error and a missing value as required (with reportInput)', () => {
    const schema = z.strictObject({ a: z.string(), b: z.enum(['x', 'y']), c: z.enum(['x', 'y']) })
    const result = schema.safeParse({ a: 5, c: 'z' }, { reportInput: true })
    expect(result.success).toBe(false)
    expect(issuesByField(result.error!)).toEqual({
      a: [{ key: 'validation.type', values: { type: 'string' } }],
      b: [{ key: 'validation.required' }],
      c: [{ key: 'validation.oneOf' }],
    })
  })

  it('says an empty email (trimmed to nothing) is required, and a malformed one is not an email', () => {
    const body = (email: string) => ({
      name: 'Ab',
      email,
      phone: '0501234567',
      password: 'Password-1',
      password_confirmation: 'Password-1',
    })
    for (const empty of ['', '   ']) {
      const result = userRegisterBody.safeParse(body(empty), { reportInput: true })
      expect(issuesByField(result.error!)).toEqual({ email: [{ key: 'validation.required' }] })
    }
    const malformed = userRegisterBody.safeParse(body('huda@'), { reportInput: true })
    expect(issuesByField(malformed.error!)).toEqual({ email: [{ key: 'validation.email' }] })
  })

  it('says an empty registration password is required, and a short one names the minimum', () => {
    const issues = (password: string) => {
      const result = storeStepBody.safeParse({ password, password_confirmation: password }, { reportInput: true })
      return issuesByField(result.error!).password
    }
    expect(issues('')).toEqual([{ key: 'validation.required' }])
    expect(issues('Ab-1')?.[0]).toEqual({ key: 'validation.stringMin', values: { n: 8 } })
  })

  it('keeps a rule its own catalogue key (phone)', () => {
    const result = userRegisterBody.safeParse(
      { name: 'Ab', email: 'a@b.co', phone: 'abc', password: 'Password-1', password_confirmation: 'Password-1' },
      { reportInput: true },
    )
    expect(issuesByField(result.error!)).toEqual({ phone: [{ key: 'validation.phone' }] })
  })
})

describe('crypto', () => {
  it('makes 256-bit url-safe tokens and stores their SHA-256', () => {
    const token = newToken()
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(newToken()).not.toBe(token)
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashToken(token)).toBe(hashToken(token))
  })

  it('hashes with argon2id and the OWASP parameters, and verifies', async () => {
    const hash = await hashPassword('Some-password-1')
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(await verifyPassword(hash, 'Some-password-1')).toBe(true)
    expect(await verifyPassword(hash, 'Some-password-2')).toBe(false)
    expect(await verifyPassword(null, 'Some-password-1')).toBe(false)
    expect(await verifyPassword('not a hash', 'x')).toBe(false)
    expect(needsRehash(hash)).toBe(false)
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHQ$RdescudvJCsgt3ub+b+dWRWJTmaaJObG')).toBe(true)
  })
})

describe('logging helpers', () => {
  it.each([
    ['/admin-panel/reset-password?token=abc', '/admin-panel/reset-password?token=%5Bredacted%5D'],
    ['/api/x?locale=en&api_token=zz&page=2', '/api/x?locale=en&api_token=%5Bredacted%5D&page=2'],
    ['/api/health', '/api/health'],
    ['/a?password=1&Password=2', '/a?password=%5Bredacted%5D&Password=%5Bredacted%5D'],
  ])('redacts %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected)
  })

  it('cuts the parameters out of a failed query message', () => {
    const error = new Error('Failed query: insert into "admins" values ($1, $2)\nparams: a@b.c,$argon2id$v=19$secret')
    const clean = sanitizeError(error)
    expect(clean.message).toBe('Failed query: insert into "admins" values ($1, $2)\nparams: [redacted]')
    expect(JSON.stringify(clean)).not.toContain('argon2id')
  })
})

describe('configuration', () => {
  it('has defaults', () => {
    const env = readEnv({})
    expect(env).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      publicUrl: 'http://localhost:3000',
      seedDemo: true,
      logLevel: 'info',
      trustProxy: false,
      databaseUrl: undefined,
      redisUrl: undefined,
      smtpUrl: undefined,
      rateLimit: { loginMax: undefined, forgotMax: undefined },
    })
    expect(env.dataDir).toBe(join(process.cwd(), 'data'))
  })

  it('reads every variable', () => {
    const env = readEnv({
      PORT: '4000',
      HOST: '127.0.0.1',
      DATA_DIR: '/tmp/x',
      DATABASE_URL: 'postgres://u@h/db',
      REDIS_URL: 'redis://10.0.0.5:6379',
      ADMIN_EMAIL: 'Boss@Example.com',
      ADMIN_PASSWORD: 'long-enough-1',
      ADMIN_NAME: ' Sara ',
      PUBLIC_URL: 'https://admin.example.com/',
      SMTP_URL: 'smtp://localhost:25',
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
      RATE_LIMIT_LOGIN_MAX: '50',
      RATE_LIMIT_FORGOT_MAX: '7',
    })
    expect(env).toMatchObject({
      port: 4000,
      host: '127.0.0.1',
      dataDir: '/tmp/x',
      databaseUrl: 'postgres://u@h/db',
      redisUrl: 'redis://10.0.0.5:6379',
      adminEmail: 'boss@example.com',
      adminPassword: 'long-enough-1',
      adminName: 'Sara',
      publicUrl: 'https://admin.example.com',
      smtpUrl: 'smtp://localhost:25',
      seedDemo: false,
      logLevel: 'warn',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      rateLimit: { loginMax: 50, forgotMax: 7 },
    })
    expect(readEnv({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000')
    expect(readEnv({ SEED_DEMO: '1' }).seedDemo).toBe(true)
  })

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ ADMIN_PASSWORD: 'short' }, /ADMIN_PASSWORD/],
    [{ PUBLIC_URL: 'ftp://x' }, /PUBLIC_URL/],
    [{ LOG_LEVEL: 'loud' }, /LOG_LEVEL/],
    [{ RATE_LIMIT_LOGIN_MAX: '0' }, /RATE_LIMIT_LOGIN_MAX/],
  ])('refuses %j', (env, message) => {
    expect(() => readEnv(env)).toThrow(ConfigError)
    expect(() => readEnv(env)).toThrow(message)
  })
})

describe('mail', () => {
  it('builds reset links on the public URL, with or without a base path', () => {
    expect(resetLink('https://a.example', '/admin-panel/reset-password', 'T')).toBe('https://a.example/admin-panel/reset-password?token=T')
    expect(resetLink('https://a.example/base/', '/reset-password', 'a+b')).toBe('https://a.example/base/reset-password?token=a%2Bb')
  })

  it('escapes the HTML body', () => {
    const mail = resetPasswordMail('en', 'x@example.com', '<script>alert(1)</script>', 'https://a.example/r?token=1&x="2"')
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).toContain('&lt;script&gt;')
    expect(mail.html).toContain('href="https://a.example/r?token=1&amp;x=&quot;2&quot;"')
    expect(mail.text).toContain('Hello <script>alert(1)</script>,')
  })

  it('sends in the background, logs failures without the body, and drains', async () => {
    const sent: MailMessage[] = []
    const errors: object[] = []
    const queue = new MailQueue(
      {
        async send(message) {
          await new Promise((resolve) => setTimeout(resolve, 20))
          if (message.to === 'fail@example.com') throw new Error('smtp down')
          sent.push(message)
        },
      },
      { error: (obj) => errors.push(obj) },
    )
    const mail = resetPasswordMail('ar', 'ok@example.com', 'n', 'https://a.example/r?token=SECRET')
    queue.enqueue(mail)
    queue.enqueue({ ...mail, to: 'fail@example.com' })
    expect(sent).toHaveLength(0)
    await queue.drain()
    expect(sent.map((m) => m.to)).toEqual(['ok@example.com'])
    expect(errors).toHaveLength(1)
    expect(JSON.stringify(errors)).not.toContain('SECRET')
  })
})
