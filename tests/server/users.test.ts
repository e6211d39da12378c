import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userSchema } from '../../src/contract/auth'
import * as z from 'zod/mini'
import { users, userSessions } from '../../server/modules/users/schema'
import { setUserActive, setUserPasswordHash } from '../../server/modules/users/service'
import { hashPassword } from '../../server/lib/crypto'
import { isUniqueViolation } from '../../server/lib/errors'
import { backends, MINUTE, PASSWORD, PUBLIC_URL, tokenFromMail, useTestServer } from './helpers'

const LOGIN = '/api/login'
const REGISTER = '/api/register'
const FORGOT = '/api/forgot_password'
const ME = '/api/user/auth/me'
const LOGOUT = '/api/user/auth/logout'

const registration = {
  name: 'متجر النخبة',
  email: 'Elite.Store@Example.com',
  phone: '+966512345678',
  password: PASSWORD,
  password_confirmation: PASSWORD,
}

describe.each(backends)('end-user identity on $name', (backend) => {
  const server = useTestServer(backend)

  describe('register', () => {
    it('creates the account, signs it in and answers 201 with a token', async () => {
      const res = await server.request({ url: REGISTER, body: registration, lang: 'en' })
      expect(res.status).toBe(201)
      expect(res.json.message).toBe('Your account has been created.')
      expect(res.json.result.api_token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(z.strictObject(userSchema.shape).parse(res.json.result.user)).toMatchObject({
        name: 'متجر النخبة',
        email: 'elite.store@example.com',
        phone: '+966512345678',
        locale: 'en',
        is_active: true,
      })
      expect(res.text).not.toMatch(/argon2|password/)
      const me = await server.request({ url: ME, token: res.json.result.api_token })
      expect(me.status).toBe(200)
      expect(me.json.result.user.email).toBe('elite.store@example.com')
    })

    it('takes the language of the request as the account language', async () => {
      const res = await server.request({ url: REGISTER, body: registration, lang: 'ar' })
      expect(res.json.result.user.locale).toBe('ar')
    })

    it.each([
      ['en', 'email already taken'],
      ['ar', 'البريد الإلكتروني مستخدم بالفعل'],
    ] as const)('refuses a used email, in any case, as a 422 field error (%s)', async (lang, message) => {
      await server.createUser({ email: 'elite.store@example.com' })
      const res = await server.request({ url: REGISTER, body: registration, lang })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ status: false, message, errors: { email: [message] } })
      expect(await server.db.select().from(users)).toHaveLength(1)
    })

    it('keeps one account when two registrations race for one email', async () => {
      const results = await Promise.all([
        server.request({ url: REGISTER, body: registration }),
        server.request({ url: REGISTER, body: { ...registration, email: 'elite.store@example.com' } }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([201, 422])
      expect(await server.db.select().from(users)).toHaveLength(1)
    })

    it.each([
      [
        'en',
        { name: 'A', email: 'bad', phone: '12', password: 'short', password_confirmation: 'other' },
        {
          name: ['must be at least 2 characters'],
          email: ['must be a valid email'],
          phone: ['must be a valid phone number'],
          password: ['must be at least 8 characters'],
          password_confirmation: ['Passwords must match'],
        },
      ],
      [
        'ar',
        {},
        {
          name: ['حقل مطلوب'],
          email: ['حقل مطلوب'],
          password: ['حقل مطلوب'],
          password_confirmation: ['حقل مطلوب'],
        },
      ],
    ] as const)('validates every field (%s)', async (lang, body, errors) => {
      const res = await server.request({ url: REGISTER, body, lang })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual(errors)
    })
  })

  describe('login, me, logout', () => {
    it('signs in with api_token and user', async () => {
      const user = await server.createUser({ email: 'vendor@example.com', name: 'Vendor One' })
      const res = await server.request({ url: LOGIN, body: { email: 'VENDOR@example.com', password: PASSWORD } })
      expect(res.status).toBe(200)
      expect(res.json.result.user).toEqual({
        id: user.id,
        name: 'Vendor One',
        email: 'vendor@example.com',
        phone: null,
        locale: 'ar',
        is_active: true,
      })
      const token = res.json.result.api_token as string
      expect((await server.request({ url: ME, token })).json.result.user.id).toBe(user.id)
    })

    it('answers the same 422 for an unknown email and a wrong password', async () => {
      await server.createUser({ email: 'vendor@example.com' })
      const unknown = await server.request({ url: LOGIN, lang: 'en', body: { email: 'nobody@example.com', password: PASSWORD } })
      const wrong = await server.request({ url: LOGIN, lang: 'en', body: { email: 'vendor@example.com', password: 'Wrong-pass-1' } })
      expect(unknown.status).toBe(422)
      expect(unknown.text).toBe(wrong.text)
      expect(unknown.json).toEqual({ status: false, message: 'Invalid credentials', errors: { email: ['Invalid credentials'] } })
    })

    it('says the account is not active only after a correct password', async () => {
      const user = await server.createUser({ isActive: false })
      const wrong = await server.request({ url: LOGIN, lang: 'en', body: { email: user.email, password: 'Wrong-pass-1' } })
      expect(wrong.status).toBe(422)
      const right = await server.request({ url: LOGIN, lang: 'en', body: { email: user.email, password: PASSWORD } })
      expect(right.status).toBe(403)
      expect(right.json.message).toBe('This account is not active.')
    })

    it('logout revokes that token only', async () => {
      const user = await server.createUser()
      const a = await server.loginUser(user.email)
      const b = await server.loginUser(user.email)
      expect((await server.request({ url: LOGOUT, token: a })).json).toMatchObject({ status: true, result: null })
      expect((await server.request({ url: ME, token: a })).status).toBe(401)
      expect((await server.request({ url: ME, token: b })).status).toBe(200)
    })

    it('refuses admin tokens, missing tokens and expired sessions', async () => {
      const admin = await server.createAdmin()
      const adminToken = await server.loginAdmin(admin.email)
      expect((await server.request({ url: ME, token: adminToken })).status).toBe(401)
      expect((await server.request({ url: ME })).status).toBe(401)
      const user = await server.createUser()
      const token = await server.loginUser(user.email)
      server.clock.advance(7 * 24 * 60 * MINUTE + MINUTE)
      expect((await server.request({ url: ME, token })).status).toBe(401)
    })

    it('deactivation and a new password revoke the sessions', async () => {
      const user = await server.createUser()
      const token = await server.loginUser(user.email)
      await setUserPasswordHash(server.db, user.id, await hashPassword('Other-pass-99'), server.clock.now())
      expect((await server.request({ url: ME, token })).status).toBe(401)
      const again = await server.loginUser(user.email, 'Other-pass-99')
      await setUserActive(server.db, user.id, false, server.clock.now())
      expect((await server.request({ url: ME, token: again })).status).toBe(401)
      expect(await server.db.select().from(userSessions).where(eq(userSessions.subjectId, user.id))).toHaveLength(0)
    })
  })

  describe('forgot password', () => {
    it('answers neutrally, mails a /reset-password link on PUBLIC_URL, and applies the 5-minute rule', async () => {
      await server.createUser({ email: 'vendor@example.com', locale: 'en', name: 'Sam' })
      const known = await server.request({ url: FORGOT, body: { email: 'vendor@example.com' }, lang: 'en', headers: { host: 'evil.test' } })
      const unknown = await server.request({ url: FORGOT, body: { email: 'nobody@example.com' }, lang: 'en' })
      expect(known.status).toBe(200)
      expect(known.text).toBe(unknown.text)
      const [mail] = await server.mails()
      expect(mail?.text).toContain(`${PUBLIC_URL}/reset-password?token=${tokenFromMail(mail!)}`)
      expect(mail?.text).toContain('Hello Sam,')
      const again = await server.request({ url: FORGOT, body: { email: 'vendor@example.com' }, lang: 'en' })
      const againUnknown = await server.request({ url: FORGOT, body: { email: 'nobody@example.com' }, lang: 'en' })
      expect(again.status).toBe(429)
      expect(again.text).toBe(againUnknown.text)
      expect(again.json.message).toBe('Verification link already sent')
    })

    it('the link works: the token checks, sets a new password once, ends the sessions; admin routes refuse it', async () => {
      const user = await server.createUser({ email: 'reset@example.com' })
      const session = await server.loginUser(user.email)
      await server.request({ url: FORGOT, body: { email: user.email } })
      const token = tokenFromMail((await server.mails()).at(-1)!)

      const wrongIdentity = await server.request({ url: '/api/admin-panal/auth/check-reset-token', body: { token }, lang: 'en' })
      expect(wrongIdentity.status).toBe(422)
      const check = await server.request({ url: '/api/check-reset-token', body: { token }, lang: 'en' })
      expect(check.status).toBe(200)
      expect(check.json).toEqual({ status: true, message: 'The link is valid.', result: { email: user.email } })

      const mismatch = await server.request({
        url: '/api/reset-password',
        body: { token, password: 'Brand-new-Pass-7', password_confirmation: 'Other-Pass-7' },
        lang: 'en',
      })
      expect(mismatch.status).toBe(422)
      const reset = await server.request({
        url: '/api/reset-password',
        body: { token, password: 'Brand-new-Pass-7', password_confirmation: 'Brand-new-Pass-7' },
        lang: 'ar',
      })
      expect(reset.status).toBe(200)
      expect(reset.json.status).toBe(true)
      expect((await server.request({ url: ME, token: session })).status).toBe(401)
      expect((await server.request({ url: LOGIN, body: { email: user.email, password: PASSWORD } })).status).toBe(422)
      expect((await server.request({ url: LOGIN, body: { email: user.email, password: 'Brand-new-Pass-7' } })).status).toBe(200)
      const reused = await server.request({
        url: '/api/reset-password',
        body: { token, password: 'Another-Pass-8', password_confirmation: 'Another-Pass-8' },
        lang: 'en',
      })
      expect(reused.status).toBe(422)
      expect(reused.json.errors.token).toBeDefined()
    })

    it('keeps admin and end-user requests apart (same email, different identities)', async () => {
      await server.createUser({ email: 'both@example.com' })
      await server.createAdmin({ email: 'both@example.com' })
      expect((await server.request({ url: FORGOT, body: { email: 'both@example.com' } })).status).toBe(200)
      expect((await server.request({ url: '/api/admin-panal/auth/forgot-password', body: { email: 'both@example.com' } })).status).toBe(200)
      const mails = await server.mails()
      expect(mails).toHaveLength(2)
      // one link each (mails go out in whichever order their sending finishes)
      const links = mails.map((m) => m.text.match(/https?:\/\/\S+?reset-password\?token=/)?.[0]).sort()
      expect(links).toEqual([`${PUBLIC_URL}/admin-panel/reset-password?token=`, `${PUBLIC_URL}/reset-password?token=`])
    })
  })

  it('stores emails in lower case and enforces it and their uniqueness in the database itself', async () => {
    await server.createUser({ email: 'Case@Example.com' })
    const [row] = await server.db.select().from(users)
    expect(row?.email).toBe('case@example.com')
    const duplicate: unknown = await server.db
      .insert(users)
      .values({ name: 'x', email: 'case@example.com', passwordHash: 'x' })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(isUniqueViolation(duplicate)).toBe(true)
    const upper: unknown = await server.db
      .insert(users)
      .values({ name: 'x', email: 'OTHER@example.com', passwordHash: 'x' })
      .then(
        () => null,
        (error: unknown) => error,
      )
    expect(pgCode(upper)).toBe('23514')
  })
})

function pgCode(error: unknown): unknown {
  let current = error as { code?: unknown; cause?: unknown } | undefined
  for (let i = 0; i < 4 && current; i++) {
    if (typeof current.code === 'string' && /^\d{5}$|^[0-9A-Z]{5}$/.test(current.code)) return current.code
    current = current.cause as typeof current
  }
  return undefined
}
