import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminSchema } from '../../src/contract/auth'
import * as z from 'zod/mini'
import { admins, adminSessions } from '../../server/modules/auth/schema'
import { setAdminActive, setAdminPassword } from '../../server/modules/auth/service'
import { backends, MINUTE, PASSWORD, useTestServer } from './helpers'

const LOGIN = '/api/admin-panal/auth/login'
const ME = '/api/admin-panal/auth/me'
const LOGOUT = '/api/admin-panal/auth/logout'
const CHANGE_LANGUAGE = '/api/admin-panal/setting/change-language'

describe.each(backends)('admin authentication on $name', (backend) => {
  const server = useTestServer(backend)

  describe('login', () => {
    it('answers a token and the admin, without any hash or secret', async () => {
      const admin = await server.createAdmin({ email: 'owner@example.com', name: 'صاحب المنصة' })
      const res = await server.request({ url: LOGIN, body: { email: 'owner@example.com', password: PASSWORD }, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json.status).toBe(true)
      expect(res.json.message).toBe('Signed in successfully.')
      expect(res.json.result.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
      expect(z.strictObject(adminSchema.shape).parse(res.json.result.admin)).toEqual({
        id: admin.id,
        name: 'صاحب المنصة',
        email: 'owner@example.com',
        avatar: null,
        locale: 'ar',
        user_type: 'primary',
        is_active: true,
        last_login_at: null,
        permissions: ['*'],
      })
      expect(res.text).not.toMatch(/argon2|password_hash|passwordHash/)
      // Only the token's hash is stored.
      const [session] = await server.db.select().from(adminSessions)
      expect(session?.tokenHash).toMatch(/^[0-9a-f]{64}$/)
      expect(session?.tokenHash).not.toBe(res.json.result.token)
    })

    it('matches the email in any case and with spaces around it', async () => {
      await server.createAdmin({ email: 'mixed@example.com' })
      const res = await server.request({ url: LOGIN, body: { email: '  MiXeD@Example.COM ', password: PASSWORD } })
      expect(res.status).toBe(200)
      expect(res.json.result.admin.email).toBe('mixed@example.com')
    })

    it('gives sub users no permissions yet and primary users all', async () => {
      const sub = await server.createAdmin({ userType: 'sub' })
      const res = await server.request({ url: LOGIN, body: { email: sub.email, password: PASSWORD } })
      expect(res.json.result.admin.user_type).toBe('sub')
      expect(res.json.result.admin.permissions).toEqual([])
    })

    it('answers last_login_at with the previous sign-in time (null the first time)', async () => {
      const admin = await server.createAdmin()
      const first = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })
      expect(first.json.result.admin.last_login_at).toBeNull()
      const firstTime = server.clock.now().toISOString()
      server.clock.advance(90 * MINUTE)
      const second = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })
      expect(second.json.result.admin.last_login_at).toBe(firstTime)
      const me = await server.request({ url: ME, token: second.json.result.token })
      expect(me.json.result.admin.last_login_at).toBe(firstTime)
    })

    it('stores the language chosen before signing in (sent with the login); without one the stored language stays', async () => {
      const admin = await server.createAdmin({ locale: 'en' })
      const without = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })
      expect(without.json.result.admin.locale).toBe('en')
      const res = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD, locale: 'ar' } })
      expect(res.status).toBe(200)
      expect(res.json.result.admin.locale).toBe('ar')
      const [row] = await server.db.select().from(admins).where(eq(admins.id, admin.id))
      expect(row?.locale).toBe('ar')
      // a refused sign-in changes nothing
      await server.request({ url: LOGIN, body: { email: admin.email, password: 'Wrong-pass-1', locale: 'en' } })
      const [after] = await server.db.select().from(admins).where(eq(admins.id, admin.id))
      expect(after?.locale).toBe('ar')
    })

    it('issues a new token on every sign-in', async () => {
      const admin = await server.createAdmin()
      const a = await server.loginAdmin(admin.email)
      const b = await server.loginAdmin(admin.email)
      expect(a).not.toBe(b)
      expect((await server.request({ url: ME, token: a })).status).toBe(200)
      expect((await server.request({ url: ME, token: b })).status).toBe(200)
    })

    it.each([
      ['en', 'Invalid credentials'],
      ['ar', 'بيانات الدخول غير صحيحة'],
    ] as const)('answers the same 422 for an unknown email and a wrong password (%s)', async (lang, message) => {
      await server.createAdmin({ email: 'known@example.com' })
      const unknown = await server.request({ url: LOGIN, lang, body: { email: 'nobody@example.com', password: PASSWORD } })
      const wrong = await server.request({ url: LOGIN, lang, body: { email: 'known@example.com', password: 'Wrong-password-1' } })
      expect(unknown.status).toBe(422)
      expect(wrong.status).toBe(422)
      expect(unknown.text).toBe(wrong.text)
      expect(unknown.json).toEqual({ status: false, message, errors: { email: [message] } })
    })

    it.each([
      ['en', 'This admin is not active.'],
      ['ar', 'هذا المشرف غير مفعّل.'],
    ] as const)('says "not active" only after a correct password (%s)', async (lang, message) => {
      const admin = await server.createAdmin({ isActive: false })
      const wrong = await server.request({ url: LOGIN, lang, body: { email: admin.email, password: 'Wrong-password-1' } })
      expect(wrong.status).toBe(422)
      expect(wrong.json.message).not.toBe(message)
      const right = await server.request({ url: LOGIN, lang, body: { email: admin.email, password: PASSWORD } })
      expect(right.status).toBe(403)
      expect(right.json).toEqual({ status: false, message, errors: { email: [message] } })
      expect(await server.db.select().from(adminSessions)).toHaveLength(0)
    })
  })

  describe('sessions', () => {
    it('me answers the admin of the token', async () => {
      const admin = await server.createAdmin({ name: 'Layla' })
      const token = await server.loginAdmin(admin.email)
      const res = await server.request({ url: ME, token })
      expect(res.status).toBe(200)
      expect(res.json.result.admin).toMatchObject({ id: admin.id, name: 'Layla', email: admin.email })
      expect(Object.keys(res.json.result)).toEqual(['admin'])
    })

    it.each([
      ['no header', undefined],
      ['an unknown token', 'x'.repeat(43)],
      ['a malformed header', 'not a bearer'],
    ])('refuses %s with 401 in the envelope', async (_label, token) => {
      const headers: Record<string, string> = token === 'not a bearer' ? { authorization: 'Basic abc' } : {}
      const res = await server.request({ url: ME, lang: 'en', headers, ...(token && token !== 'not a bearer' ? { token } : {}) })
      expect(res.status).toBe(401)
      expect(res.json).toEqual({ status: false, message: 'Your session has ended. Please sign in again.', errors: {} })
    })

    it('refuses an end-user token on admin routes', async () => {
      const user = await server.createUser()
      const token = await server.loginUser(user.email)
      expect((await server.request({ url: ME, token })).status).toBe(401)
    })

    it('expires a session after 7 days', async () => {
      const admin = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      server.clock.advance(7 * 24 * 60 * MINUTE - MINUTE)
      expect((await server.request({ url: ME, token })).status).toBe(200)
      server.clock.advance(2 * MINUTE)
      expect((await server.request({ url: ME, token })).status).toBe(401)
    })

    it('logout revokes that token only', async () => {
      const admin = await server.createAdmin()
      const a = await server.loginAdmin(admin.email)
      const b = await server.loginAdmin(admin.email)
      const out = await server.request({ url: LOGOUT, token: a, lang: 'en' })
      expect(out.status).toBe(200)
      expect(out.json).toEqual({ status: true, message: 'Signed out.', result: null })
      expect((await server.request({ url: ME, token: a })).status).toBe(401)
      expect((await server.request({ url: LOGOUT, token: a })).status).toBe(401)
      expect((await server.request({ url: ME, token: b })).status).toBe(200)
    })

    it('deactivating an admin revokes its sessions and refuses its tokens', async () => {
      const admin = await server.createAdmin()
      const other = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      const otherToken = await server.loginAdmin(other.email)
      await setAdminActive(server.db, admin.id, false, server.clock.now())
      expect((await server.request({ url: ME, token })).status).toBe(401)
      expect((await server.request({ url: ME, token: otherToken })).status).toBe(200)
      const rows = await server.db.select().from(adminSessions).where(eq(adminSessions.subjectId, admin.id))
      expect(rows).toHaveLength(0)
    })

    it('refuses the token of an admin made inactive behind the service (defence in depth)', async () => {
      const admin = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      await server.db.update(admins).set({ isActive: false }).where(eq(admins.id, admin.id))
      expect((await server.request({ url: ME, token })).status).toBe(401)
    })

    it('changing the password ends the sessions (all, or all but the one kept)', async () => {
      const admin = await server.createAdmin()
      const a = await server.loginAdmin(admin.email)
      const b = await server.loginAdmin(admin.email)
      const me = await server.request({ url: ME, token: b })
      expect(me.status).toBe(200)
      const [kept] = await server.db.select().from(adminSessions).orderBy(adminSessions.id)
      await setAdminPassword(server.db, admin.id, 'New-password-42', server.clock.now(), { keepSessionId: kept!.id })
      expect((await server.request({ url: ME, token: a })).status).toBe(200)
      expect((await server.request({ url: ME, token: b })).status).toBe(401)
      await setAdminPassword(server.db, admin.id, 'Newer-password-43', server.clock.now())
      expect((await server.request({ url: ME, token: a })).status).toBe(401)
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: 'Newer-password-43' } })).status).toBe(200)
    })

    it('deleting an admin deletes its sessions (foreign key cascade)', async () => {
      const admin = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      await server.db.delete(admins).where(eq(admins.id, admin.id))
      expect(await server.db.select().from(adminSessions)).toHaveLength(0)
      expect((await server.request({ url: ME, token })).status).toBe(401)
    })
  })

  describe('change language', () => {
    it('stores the locale and answers it', async () => {
      const admin = await server.createAdmin({ locale: 'ar' })
      const token = await server.loginAdmin(admin.email)
      const res = await server.request({ url: `${CHANGE_LANGUAGE}?locale=en`, token, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: true, message: 'Language changed.', result: { locale: 'en' } })
      const me = await server.request({ url: ME, token })
      expect(me.json.result.admin.locale).toBe('en')
      const [row] = await server.db.select().from(admins).where(eq(admins.id, admin.id))
      expect(row?.locale).toBe('en')
      expect(row?.version).toBe(2)
      // A new sign-in answers the stored locale.
      const again = await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })
      expect(again.json.result.admin.locale).toBe('en')
    })

    it.each([
      ['', 'Required Field'],
      ['?locale=fr', 'is not one of the allowed values'],
      ['?locale=en&extra=1', null],
    ])('refuses a bad query %s with 422', async (query, message) => {
      const admin = await server.createAdmin()
      const token = await server.loginAdmin(admin.email)
      const res = await server.request({ url: `${CHANGE_LANGUAGE}${query}`, token, lang: 'en' })
      expect(res.status).toBe(422)
      expect(res.json.message).toBe('Some fields need your attention.')
      if (message) expect(res.json.errors.locale).toEqual([message])
      else expect(res.json.errors.extra).toEqual(['is not an allowed field'])
    })

    it('needs a signed-in admin', async () => {
      const res = await server.request({ url: `${CHANGE_LANGUAGE}?locale=en` })
      expect(res.status).toBe(401)
    })
  })
})
