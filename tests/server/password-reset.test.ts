import { eq } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { admins, passwordResets, resetRequests } from '../../server/modules/auth/schema'
import { backends, MINUTE, PASSWORD, PUBLIC_URL, tokenFromMail, useTestServer } from './helpers'

const FORGOT = '/api/admin-panal/auth/forgot-password'
const CHECK = '/api/admin-panal/auth/check-reset-token'
const RESET = '/api/admin-panal/auth/reset-password'
const LOGIN = '/api/admin-panal/auth/login'
const ME = '/api/admin-panal/auth/me'

const NEW_PASSWORD = 'Brand-new-Pass-7'

describe.each(backends)('admin password reset on $name', (backend) => {
  const server = useTestServer(backend)

  /** Requests a link for `email` and answers the token of the mail it produced. */
  async function linkFor(email: string): Promise<string> {
    const res = await server.request({ url: FORGOT, body: { email } })
    expect(res.status).toBe(200)
    const mails = await server.mails()
    const mail = mails.at(-1)
    expect(mail?.to).toBe(email)
    return tokenFromMail(mail!)
  }

  describe('forgot password', () => {
    it('does the same work before answering for known and unknown emails: the link is written and mailed after', async () => {
      await server.createAdmin({ email: 'known@example.com' })
      const deferred: (() => Promise<unknown>)[] = []
      const queue = server.app.deps.mail
      const spy = vi.spyOn(queue, 'enqueueComposed').mockImplementation((compose) => void deferred.push(compose))
      try {
        const known = await server.request({ url: FORGOT, body: { email: 'known@example.com' } })
        const unknown = await server.request({ url: FORGOT, body: { email: 'unknown@example.com' } })
        expect(known.text).toBe(unknown.text)
        // answered with nothing account-dependent written: one request row each, no link yet
        expect(await server.db.select().from(passwordResets)).toEqual([])
        expect((await server.db.select().from(resetRequests)).map((r) => r.accepted)).toEqual([true, true])
        expect(deferred).toHaveLength(2)
        const [forKnown, forUnknown] = await Promise.all(deferred.map((compose) => compose()))
        expect(forUnknown).toBeNull()
        expect(forKnown).toMatchObject({ to: 'known@example.com' })
        expect(await server.db.select().from(passwordResets)).toHaveLength(1)
      } finally {
        spy.mockRestore()
      }
    })

    it.each([
      ['en', 'If an account exists for this email, a reset link has been sent.'],
      ['ar', 'إذا كان هناك حساب بهذا البريد فقد أُرسل رابط إعادة التعيين.'],
    ] as const)('answers the same neutral 200 for known and unknown emails (%s)', async (lang, message) => {
      await server.createAdmin({ email: 'known@example.com' })
      const known = await server.request({ url: FORGOT, lang, body: { email: 'known@example.com' } })
      const unknown = await server.request({ url: FORGOT, lang, body: { email: 'unknown@example.com' } })
      expect(known.status).toBe(200)
      expect(unknown.status).toBe(200)
      expect(known.text).toBe(unknown.text)
      expect(known.json).toEqual({ status: true, message, result: null })
      const mails = await server.mails()
      expect(mails.map((m) => m.to)).toEqual(['known@example.com'])
      // Every request is recorded, the unknown email too.
      const requests = await server.db.select().from(resetRequests)
      expect(requests.map((r) => r.email).sort()).toEqual(['known@example.com', 'unknown@example.com'])
    })

    it('mails a link built on PUBLIC_URL, never on the Host header, in the admin language', async () => {
      await server.createAdmin({ email: 'en.admin@example.com', locale: 'en', name: 'Grace' })
      await server.createAdmin({ email: 'ar.admin@example.com', locale: 'ar', name: 'هند' })
      const headers = { host: 'evil.example.net', 'x-forwarded-host': 'evil.example.net', 'x-forwarded-proto': 'http' }
      await server.request({ url: FORGOT, body: { email: 'en.admin@example.com' }, headers })
      await server.request({ url: FORGOT, body: { email: 'ar.admin@example.com' }, headers, lang: 'en' })
      const [en, ar] = await server.mails()
      expect(en?.subject).toBe('Reset your password')
      expect(en?.text).toContain('Hello Grace,')
      expect(en?.text).toMatch(new RegExp(`${PUBLIC_URL}/admin-panel/reset-password\\?token=[A-Za-z0-9_-]{43}\\n`))
      expect(en?.html).toContain(`href="${PUBLIC_URL}/admin-panel/reset-password?token=`)
      expect(ar?.subject).toBe('إعادة تعيين كلمة المرور')
      expect(ar?.text).toContain('مرحبًا هند،')
      expect(ar?.html).toContain('dir="rtl"')
      for (const mail of [en, ar]) expect(`${mail?.text}${mail?.html}`).not.toContain('evil.example.net')
      // Only the hash of the token is stored.
      const rows = await server.db.select().from(passwordResets)
      expect(rows.map((r) => r.tokenHash)).not.toContain(tokenFromMail(en!))
    })

    it.each([
      ['en', 'Verification link already sent'],
      ['ar', 'تم إرسال رابط التحقق بالفعل'],
    ] as const)('refuses a second request within 5 minutes with 429, known email or not (%s)', async (lang, message) => {
      await server.createAdmin({ email: 'known@example.com' })
      for (const email of ['known@example.com', 'ghost@example.com']) {
        expect((await server.request({ url: FORGOT, lang, body: { email } })).status).toBe(200)
      }
      server.clock.advance(4 * MINUTE + 59_000)
      const known = await server.request({ url: FORGOT, lang, body: { email: 'KNOWN@example.com' } })
      const ghost = await server.request({ url: FORGOT, lang, body: { email: 'ghost@example.com' } })
      expect(known.status).toBe(429)
      expect(ghost.status).toBe(429)
      expect(known.text).toBe(ghost.text)
      expect(known.json).toEqual({ status: false, message, errors: { email: [message] } })
      expect(await server.mails()).toHaveLength(1)
      // The refused requests do not push the wait further: 5 minutes after the first, it works again.
      server.clock.advance(2_000)
      expect((await server.request({ url: FORGOT, body: { email: 'known@example.com' } })).status).toBe(200)
      expect((await server.request({ url: FORGOT, body: { email: 'ghost@example.com' } })).status).toBe(200)
      expect(await server.mails()).toHaveLength(2)
      expect(await server.db.select().from(resetRequests)).toHaveLength(6)
    })

    it('sends no link to an inactive admin (same neutral answer)', async () => {
      await server.createAdmin({ email: 'off@example.com', isActive: false })
      const res = await server.request({ url: FORGOT, body: { email: 'off@example.com' } })
      expect(res.status).toBe(200)
      expect(await server.mails()).toHaveLength(0)
    })

    it('validates the email (both languages)', async () => {
      const en = await server.request({ url: FORGOT, lang: 'en', body: { email: 'not-an-email' } })
      expect(en.status).toBe(422)
      expect(en.json).toEqual({ status: false, message: 'Some fields need your attention.', errors: { email: ['must be a valid email'] } })
      const ar = await server.request({ url: FORGOT, lang: 'ar', body: {} })
      expect(ar.status).toBe(422)
      expect(ar.json).toEqual({ status: false, message: 'بعض الحقول تحتاج إلى مراجعة.', errors: { email: ['حقل مطلوب'] } })
    })
  })

  describe('check reset token', () => {
    it('answers the email of a valid link', async () => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      const res = await server.request({ url: CHECK, body: { token }, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: true, message: 'The link is valid.', result: { email: admin.email } })
    })

    it.each([
      ['en', 'token not valid.'],
      ['ar', 'الرمز غير صالح.'],
    ] as const)('refuses an unknown token with 422 (%s)', async (lang, message) => {
      const res = await server.request({ url: CHECK, body: { token: 'A'.repeat(43) }, lang })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ status: false, message, errors: { token: [message] } })
    })

    it.each([
      ['en', 'Link has expired'],
      ['ar', 'انتهت صلاحية الرابط'],
    ] as const)('says the link has expired after 60 minutes (%s)', async (lang, message) => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      server.clock.advance(59 * MINUTE)
      expect((await server.request({ url: CHECK, body: { token } })).status).toBe(200)
      server.clock.advance(MINUTE)
      const res = await server.request({ url: CHECK, body: { token }, lang })
      expect(res.status).toBe(422)
      expect(res.json).toEqual({ status: false, message, errors: { token: [message] } })
      const reset = await server.request({ url: RESET, body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD }, lang })
      expect(reset.status).toBe(422)
      expect(reset.json.message).toBe(message)
    })

    it.each([
      ['en', 'This admin does not exist.'],
      ['ar', 'هذا المشرف غير موجود.'],
    ] as const)('says the admin does not exist when it was deleted (%s)', async (lang, message) => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      await server.db.delete(admins).where(eq(admins.id, admin.id))
      const res = await server.request({ url: CHECK, body: { token }, lang })
      expect(res.status).toBe(404)
      expect(res.json).toEqual({ status: false, message, errors: { token: [message] } })
    })

    it('does not accept an end-user token for an admin reset', async () => {
      const user = await server.createUser({ email: 'vendor@example.com' })
      await server.request({ url: '/api/forgot_password', body: { email: user.email } })
      const [mail] = await server.mails()
      const res = await server.request({ url: CHECK, body: { token: tokenFromMail(mail!) } })
      expect(res.status).toBe(422)
    })
  })

  describe('reset password', () => {
    it('sets the new password, is single use, and ends every session', async () => {
      const admin = await server.createAdmin()
      const session = await server.loginAdmin(admin.email)
      const token = await linkFor(admin.email)
      const res = await server.request({
        url: RESET,
        lang: 'en',
        body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      })
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ status: true, message: 'Your password has been changed.', result: null })
      expect((await server.request({ url: ME, token: session })).status).toBe(401)
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: PASSWORD } })).status).toBe(422)
      expect((await server.request({ url: LOGIN, body: { email: admin.email, password: NEW_PASSWORD } })).status).toBe(200)
      // Single use.
      const again = await server.request({
        url: RESET,
        lang: 'en',
        body: { token, password: 'Another-pass-8', password_confirmation: 'Another-pass-8' },
      })
      expect(again.status).toBe(422)
      expect(again.json.message).toBe('token not valid.')
      expect((await server.request({ url: CHECK, body: { token } })).status).toBe(422)
      const [row] = await server.db.select().from(admins).where(eq(admins.id, admin.id))
      expect(row?.version).toBe(2)
    })

    it('retires an older link when a newer one is sent', async () => {
      const admin = await server.createAdmin()
      const first = await linkFor(admin.email)
      server.clock.advance(6 * MINUTE)
      const second = await linkFor(admin.email)
      expect(first).not.toBe(second)
      expect((await server.request({ url: CHECK, body: { token: first } })).status).toBe(422)
      expect((await server.request({ url: CHECK, body: { token: second } })).status).toBe(200)
    })

    it.each([
      ['en', { password: 'short', password_confirmation: 'short' }, { password: ['must be at least 8 characters'] }],
      ['ar', { password: 'short', password_confirmation: 'short' }, { password: ['يجب ألا يقل عن 8 أحرف'] }],
      ['en', { password: NEW_PASSWORD, password_confirmation: 'different-1' }, { password_confirmation: ['Passwords must match'] }],
      ['ar', { password: NEW_PASSWORD, password_confirmation: 'different-1' }, { password_confirmation: ['كلمتا المرور غير متطابقتين'] }],
      ['en', {}, { password: ['Required Field'], password_confirmation: ['Required Field'] }],
    ] as const)('validates the new password (%s %j)', async (lang, fields, errors) => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      const res = await server.request({ url: RESET, lang, body: { token, ...fields } })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual(errors)
      // A refused reset does not spend the token.
      expect((await server.request({ url: CHECK, body: { token } })).status).toBe(200)
    })

    it('refuses a reset whose admin was deleted', async () => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      await server.db.delete(admins).where(eq(admins.id, admin.id))
      const res = await server.request({
        url: RESET,
        lang: 'en',
        body: { token, password: NEW_PASSWORD, password_confirmation: NEW_PASSWORD },
      })
      expect(res.status).toBe(404)
      expect(res.json.message).toBe('This admin does not exist.')
    })

    it('lets only one of two simultaneous resets with the same token succeed', async () => {
      const admin = await server.createAdmin()
      const token = await linkFor(admin.email)
      const body = (password: string) => ({ token, password, password_confirmation: password })
      const results = await Promise.all([
        server.request({ url: RESET, body: body('First-pass-111') }),
        server.request({ url: RESET, body: body('Second-pass-222') }),
      ])
      expect(results.map((r) => r.status).sort()).toEqual([200, 422])
    })
  })
})
