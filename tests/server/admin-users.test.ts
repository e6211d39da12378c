import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminUserPageSchema, adminUserSchema } from '../../src/contract/admin-users'
import { auditLog } from '../../server/db/tables'
import { admins } from '../../server/modules/auth/schema'
import { updateAdminUser } from '../../server/modules/admin-users/service'
import { backends, grantRole, PASSWORD, useTestServer } from './helpers'

const BASE = '/api/admin-panal/users'
const PROFILE = '/api/admin-panal/setting'
const STRONG = 'New-Secret-42'

describe.each(backends)('admin users on $name', (backend) => {
  const server = useTestServer(backend)
  const signIn = async (userType: 'primary' | 'sub' = 'primary', permissions: string[] = []) => {
    const admin = await server.createAdmin({ userType })
    if (permissions.length > 0) await grantRole(server, admin.id, permissions)
    return { ...admin, token: await server.loginAdmin(admin.email) }
  }
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Layla Hassan',
    email: 'layla@example.com',
    password: STRONG,
    password_confirmation: STRONG,
    role_ids: [],
    user_type: 'sub',
    ...over,
  })
  const versionOf = async (id: number) => (await server.db.select().from(admins).where(eq(admins.id, id)))[0]!.version
  const editBody = async (id: number, over: Record<string, unknown> = {}) => {
    const { json } = await server.request({ url: `${BASE}/${id}`, token: (await signIn()).token })
    const item = json.result.item
    return {
      name: item.name,
      email: item.email,
      avatar: item.avatar,
      role_ids: item.role_ids,
      user_type: item.user_type,
      is_active: item.is_active,
      version: await versionOf(id),
      ...over,
    }
  }

  it('creates an admin with roles, lists it in the envelope, and audits the write without the password', async () => {
    const me = await signIn()
    const roleId = await grantRole(server, me.id, ['coupons:view'])
    const res = await server.request({ method: 'POST', url: BASE, token: me.token, body: body({ role_ids: [roleId, roleId] }) })
    expect(res.status).toBe(201)
    const item = adminUserSchema.parse(res.json.result.item)
    expect(item).toMatchObject({
      name: 'Layla Hassan',
      email: 'layla@example.com',
      user_type: 'sub',
      is_active: true,
      role_ids: [roleId],
      is_self: false,
    })
    expect(await server.loginAdmin('layla@example.com', STRONG)).toBeTruthy()
    const list = await server.request({ url: `${BASE}?search=layla`, token: me.token })
    const page = adminUserPageSchema.parse(list.json.result.users)
    expect(page.data.map((u) => u.email)).toEqual(['layla@example.com'])
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.action, 'create')))
    expect(audit).toMatchObject({ adminId: me.id, recordId: item.id })
    expect(JSON.stringify(audit!.changes)).not.toContain(STRONG)
    expect(JSON.stringify(audit!.changes)).not.toContain('argon2')
    expect(audit!.changes).toMatchObject({ email: { from: null, to: 'layla@example.com' }, role_ids: { from: null, to: [roleId] } })
  })

  it('refuses a used email whatever its case ("email already taken" in ar and en), a weak password and a wrong confirmation', async () => {
    const me = await signIn()
    await server.createAdmin({ email: 'taken@example.com' })
    const en = await server.request({ method: 'POST', url: BASE, token: me.token, lang: 'en', body: body({ email: 'TAKEN@Example.com' }) })
    expect(en.status).toBe(422)
    expect(en.json.message).toBe('email already taken')
    expect(en.json.errors.email).toBeDefined()
    const ar = await server.request({ method: 'POST', url: BASE, token: me.token, lang: 'ar', body: body({ email: 'Taken@example.com' }) })
    expect(ar.status).toBe(422)
    expect(ar.json.message).not.toBe('email already taken')
    const weak = await server.request({
      method: 'POST',
      url: BASE,
      token: me.token,
      body: body({ password: 'abcdefgh', password_confirmation: 'abcdefgh' }),
    })
    expect(weak.status).toBe(422)
    expect(Object.keys(weak.json.errors)).toContain('password')
    const mismatch = await server.request({
      method: 'POST',
      url: BASE,
      token: me.token,
      body: body({ password_confirmation: 'Other-Secret-42' }),
    })
    expect(mismatch.status).toBe(422)
    expect(Object.keys(mismatch.json.errors)).toContain('password_confirmation')
    // an edit to another admin's email is refused the same way
    const other = await server.createAdmin({ userType: 'sub', email: 'other@example.com' })
    const edit = await server.request({
      method: 'PUT',
      url: `${BASE}/${other.id}`,
      token: me.token,
      lang: 'en',
      body: await editBody(other.id, { email: 'TAKEN@example.com' }),
    })
    expect(edit.status).toBe(422)
    expect(edit.json.message).toBe('email already taken')
  })

  it('filters by role, type and status, searches, and sorts', async () => {
    const me = await signIn()
    const a = await server.createAdmin({ userType: 'sub', name: 'Zaid', email: 'zaid@example.com' })
    const b = await server.createAdmin({ userType: 'sub', name: 'Amal', email: 'amal@example.com', isActive: false })
    const roleId = await grantRole(server, a.id, ['coupons:view'])
    const list = async (query: string) =>
      (await server.request({ url: `${BASE}?${query}`, token: me.token })).json.result.users.data.map((u: { email: string }) => u.email)
    expect(await list(`role_id=${roleId}`)).toEqual(['zaid@example.com'])
    expect(await list('is_active=0')).toEqual(['amal@example.com'])
    expect(await list('user_type=primary')).toEqual([me.email])
    expect((await list('user_type=sub&sort_column=name&sort_direction=asc')).slice(0, 2)).toEqual(['amal@example.com', 'zaid@example.com'])
    expect(await list('search=ZAID')).toEqual(['zaid@example.com'])
    expect(b.id).toBeGreaterThan(0)
    for (const bad of ['user_type=root', 'is_active=yes', 'role_id=abc', 'sort_column=password_hash', 'pageSize=1000'])
      expect((await server.request({ url: `${BASE}?${bad}`, token: me.token })).status, bad).toBe(422)
  })

  it('filters by last sign-in: never, within 7 or 30 days, not for more than 90 days', async () => {
    let me = await signIn()
    const DAY = 24 * 60 * 60 * 1000
    const at = async (daysAgo: number | null) => {
      const admin = await server.createAdmin({ userType: 'sub' })
      const when = daysAgo === null ? null : new Date(server.clock.now().getTime() - daysAgo * DAY)
      await server.db.update(admins).set({ lastLoginAt: when }).where(eq(admins.id, admin.id))
      return admin.id
    }
    const never = await at(null)
    const recent = await at(2)
    const month = await at(20)
    const old = await at(120)
    const ids = async (filter: string) => {
      const res = await server.request({ url: `${BASE}?pageSize=100&last_login=${filter}`, token: me.token })
      expect(res.status, res.text).toBe(200)
      return (res.json.result.users.data as { id: number }[]).map((u) => u.id).filter((id) => [never, recent, month, old].includes(id))
    }
    expect(await ids('never')).toEqual([never])
    expect(await ids('within_7_days')).toEqual([recent])
    expect(await ids('within_30_days')).toEqual([recent, month])
    expect(await ids('over_90_days')).toEqual([old])
    // measured from the server's clock
    server.clock.advance(100 * DAY)
    me = { ...me, token: await server.loginAdmin(me.email) }
    expect(await ids('over_90_days')).toEqual([recent, month, old])
    expect((await server.request({ url: `${BASE}?last_login=yesterday`, token: me.token })).status).toBe(422)
    // signing in sets it
    const fresh = await server.createAdmin({ userType: 'sub' })
    await server.loginAdmin(fresh.email)
    const res = await server.request({ url: `${BASE}?pageSize=100&last_login=within_7_days`, token: me.token })
    expect(res.json.result.users.data.map((u: { id: number }) => u.id)).toContain(fresh.id)
  })

  it('an admin cannot deactivate or delete itself, nor change its own roles or type (and its record says it is its own)', async () => {
    const me = await signIn('sub', ['users:view', 'users:update', 'users:delete'])
    const own = await server.request({ url: `${BASE}/${me.id}`, token: me.token })
    expect(own.json.result.item.is_self).toBe(true)
    const toggle = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${me.id}`, token: me.token, lang: 'en' })
    expect(toggle.status).toBe(422)
    expect(toggle.json.message).toBe('You cannot deactivate your own account.')
    const off = await server.request({
      method: 'PUT',
      url: `${BASE}/${me.id}`,
      token: me.token,
      body: await editBody(me.id, { is_active: false }),
    })
    expect(off.status).toBe(422)
    expect(off.json.errors.is_active).toBeDefined()
    const roles = await server.request({
      method: 'PUT',
      url: `${BASE}/${me.id}`,
      token: me.token,
      body: await editBody(me.id, { role_ids: [] }),
    })
    expect(roles.status).toBe(422)
    expect(roles.json.errors.role_ids).toBeDefined()
    const primary = await signIn()
    const type = await server.request({
      method: 'PUT',
      url: `${BASE}/${primary.id}`,
      token: primary.token,
      body: await editBody(primary.id, { user_type: 'sub' }),
    })
    expect(type.status).toBe(422)
    expect(type.json.errors.user_type).toBeDefined()
    const del = await server.request({ method: 'DELETE', url: `${BASE}/${me.id}`, token: me.token, lang: 'en' })
    expect(del.status).toBe(409)
    expect(del.json.message).toBe('You cannot delete your own account.')
    // its name still changes
    const renamed = await server.request({
      method: 'PUT',
      url: `${BASE}/${me.id}`,
      token: me.token,
      body: await editBody(me.id, { name: 'Renamed' }),
    })
    expect(renamed.status).toBe(200)
  })

  it('the last active primary user cannot be demoted, deactivated or deleted', async () => {
    const last = await server.createAdmin({ userType: 'primary' })
    await server.createAdmin({ userType: 'primary', isActive: false })
    // an actor holding everything that is not that admin (the API itself always has another primary: the actor)
    const actor = { identity: 'admin' as const, id: 999_999, sessionId: 0, locale: 'en' as const, permissions: ['*'] }
    const deps = { ...server.app.deps }
    const base = { name: 'Last', email: 'last@example.com', role_ids: [], version: await versionOf(last.id) }
    await expect(updateAdminUser(deps, actor, last.id, { ...base, user_type: 'sub' }, 'en')).rejects.toMatchObject({
      key: 'users.errors.lastPrimary',
    })
    await expect(updateAdminUser(deps, actor, last.id, { ...base, user_type: 'primary', is_active: false }, 'en')).rejects.toMatchObject({
      key: 'users.errors.lastPrimary',
    })
    const { deleteAdminUser, toggleAdminUser } = await import('../../server/modules/admin-users/service')
    await expect(toggleAdminUser(deps, actor, last.id, 'en')).rejects.toMatchObject({ key: 'users.errors.lastPrimary' })
    await expect(deleteAdminUser(deps, actor, last.id)).rejects.toMatchObject({ key: 'users.errors.lastPrimary', statusCode: 409 })
    // with a second active primary it may go
    await server.createAdmin({ userType: 'primary' })
    await expect(toggleAdminUser(deps, actor, last.id, 'en')).resolves.toMatchObject({ is_active: false })
  })

  it('two primary users deactivating each other at once leave one active primary', async () => {
    const a = await signIn()
    const b = await signIn()
    const [ab, ba] = await Promise.all([
      server.request({ method: 'PUT', url: `${BASE}/active-toggle/${b.id}`, token: a.token }),
      server.request({ method: 'PUT', url: `${BASE}/active-toggle/${a.id}`, token: b.token }),
    ])
    expect([ab.status, ba.status].filter((s) => s === 200)).toHaveLength(1)
    for (const status of [ab.status, ba.status]) expect([200, 401, 422]).toContain(status)
    const active = await server.db
      .select()
      .from(admins)
      .where(and(eq(admins.userType, 'primary'), eq(admins.isActive, true)))
    expect(active).toHaveLength(1)
  })

  it('deactivating an admin ends its sessions at once; a new password set for it does too', async () => {
    const me = await signIn()
    const sub = await signIn('sub', ['coupons:view'])
    const second = await server.loginAdmin(sub.email)
    const meUrl = '/api/admin-panal/auth/me'
    expect((await server.request({ url: meUrl, token: sub.token })).status).toBe(200)
    expect((await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${sub.id}`, token: me.token })).status).toBe(200)
    const ended = await server.request({ url: meUrl, token: sub.token, lang: 'en' })
    expect(ended.status).toBe(401)
    expect(ended.json).toMatchObject({ reason: 'deactivated', message: 'Your session has ended: your account was deactivated.' })
    const endedAr = await server.request({ url: meUrl, token: second, lang: 'ar' })
    expect(endedAr.status).toBe(401)
    expect(endedAr.json).toMatchObject({ reason: 'deactivated', message: 'انتهت جلستك: تم تعطيل حسابك.' })
    expect((await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${sub.id}`, token: me.token })).status).toBe(200)
    const again = await server.loginAdmin(sub.email)
    const res = await server.request({
      method: 'PUT',
      url: `${BASE}/${sub.id}`,
      token: me.token,
      body: await editBody(sub.id, { password: STRONG, password_confirmation: STRONG }),
    })
    expect(res.status).toBe(200)
    const changed = await server.request({ url: meUrl, token: again, lang: 'en' })
    expect(changed.status).toBe(401)
    expect(changed.json.reason).toBe('password_changed')
    expect(changed.json.message).toBe('Your session has ended: your password was changed. Please sign in again.')
    // a token never issued, or signed out, gets the plain 401 without a reason
    const unknown = await server.request({ url: meUrl, token: 'not-a-session-token', lang: 'en' })
    expect(unknown.status).toBe(401)
    expect(unknown.json.reason).toBeUndefined()
    // the reason is kept only until the session would have expired
    server.clock.advance(8 * 24 * 60 * 60 * 1000)
    expect((await server.request({ url: meUrl, token: again, lang: 'en' })).json.reason).toBeUndefined()
    server.clock.advance(-8 * 24 * 60 * 60 * 1000)
    expect(await server.loginAdmin(sub.email, STRONG)).toBeTruthy()
    const [audit] = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.action, 'update'), eq(auditLog.recordId, sub.id)))
    expect(audit!.changes).toEqual({ password: { from: 'set', to: 'changed' } })
    // an edit that changes nothing keeps the sessions and writes no audit row
    const kept = await server.loginAdmin(sub.email, STRONG)
    expect(
      (await server.request({ method: 'PUT', url: `${BASE}/${sub.id}`, token: me.token, body: await editBody(sub.id, { password: '' }) }))
        .status,
    ).toBe(200)
    expect((await server.request({ url: meUrl, token: kept })).status).toBe(200)
  })

  it('only a primary user makes or changes a primary user; no one gives a role granting more than it holds', async () => {
    const sub = await signIn('sub', ['users:view', 'users:create', 'users:update', 'users:delete', 'coupons:view'])
    const primary = await server.createAdmin({ userType: 'primary' })
    const create = await server.request({ method: 'POST', url: BASE, token: sub.token, lang: 'en', body: body({ user_type: 'primary' }) })
    expect(create.status).toBe(403)
    expect(create.json.message).toBe('Only a primary user can create or change a primary user.')
    for (const [method, url] of [
      ['PUT', `${BASE}/active-toggle/${primary.id}`],
      ['DELETE', `${BASE}/${primary.id}`],
    ] as const)
      expect((await server.request({ method, url, token: sub.token })).status, url).toBe(403)
    const target = await server.createAdmin({ userType: 'sub' })
    expect(
      (
        await server.request({
          method: 'PUT',
          url: `${BASE}/${target.id}`,
          token: sub.token,
          body: await editBody(target.id, { user_type: 'primary' }),
        })
      ).status,
    ).toBe(403)
    const strongRole = await grantRole(server, primary.id, ['vendors:delete'])
    const weakRole = await grantRole(server, primary.id, ['coupons:view'])
    const beyond = await server.request({ method: 'POST', url: BASE, token: sub.token, body: body({ role_ids: [strongRole] }) })
    expect(beyond.status).toBe(403)
    expect(beyond.json.errors.role_ids).toBeDefined()
    expect((await server.request({ method: 'POST', url: BASE, token: sub.token, body: body({ role_ids: [weakRole] }) })).status).toBe(201)
    const missing = await server.request({
      method: 'POST',
      url: BASE,
      token: sub.token,
      body: body({ email: 'x@example.com', role_ids: [2_000_000] }),
    })
    expect(missing.status).toBe(422)
  })

  it('answers hostile input with a 4xx and keeps nothing', async () => {
    const me = await signIn()
    const cases: unknown[] = [
      body({ name: 'a\u0000b' }),
      body({ name: 'name \ud800' }),
      body({ role_ids: ['1'] }),
      body({ role_ids: [1.5] }),
      body({ user_type: 'root' }),
      body({ avatar: '../../etc/passwd' }),
      body({ avatar: 'https://evil.example/x.png' }),
      body({ is_active: 'yes' }),
      body({ email: 'not-an-email' }),
      body({ password: 'A'.repeat(10_000) }),
      JSON.parse(`{"__proto__":{"user_type":"primary"},${JSON.stringify(body()).slice(1)}`),
      JSON.parse('{"__proto__":{"x":1},"name":"Layla"}'),
      { ...body(), constructor: { prototype: { polluted: true } } },
      { ...body(), password_hash: 'x' },
      [],
      null,
      'text',
    ]
    for (const payload of cases) {
      const res = await server.request({ method: 'POST', url: BASE, token: me.token, body: payload })
      expect(res.status, JSON.stringify(payload)).toBeGreaterThanOrEqual(400)
      expect(res.status, JSON.stringify(payload)).toBeLessThan(500)
    }
    const raw = await server.request({
      method: 'POST',
      url: BASE,
      token: me.token,
      payload: '{"name":"\\ud800","x":',
      contentType: 'application/json',
    })
    expect(raw.status).toBe(400)
    for (const url of [`${BASE}/0`, `${BASE}/abc`, `${BASE}/99999999999`, `${BASE}/active-toggle/-1`])
      expect((await server.request({ method: 'PUT', url, token: me.token, body: {} })).status, url).toBeLessThan(500)
    expect((await server.request({ url: `${BASE}/424242`, token: me.token })).status).toBe(404)
    expect(await server.db.select().from(admins)).toHaveLength(1)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  describe('profile and password', () => {
    it('get-profile gives result.admin; update-profile saves name, email, avatar and language, refusing a used email', async () => {
      const me = await signIn('sub')
      const got = await server.request({ url: `${PROFILE}/get-profile`, token: me.token })
      expect(got.status).toBe(200)
      expect(got.json.result.admin).toMatchObject({ id: me.id, email: me.email, user_type: 'sub' })
      await server.createAdmin({ email: 'used@example.com' })
      const taken = await server.request({
        method: 'POST',
        url: `${PROFILE}/update-profile`,
        token: me.token,
        lang: 'en',
        body: { name: 'Me', email: 'USED@example.com', locale: 'en' },
      })
      expect(taken.status).toBe(422)
      expect(taken.json.message).toBe('email already taken')
      const saved = await server.request({
        method: 'POST',
        url: `${PROFILE}/update-profile`,
        token: me.token,
        lang: 'en',
        body: { name: 'New Name', email: 'NEW@example.com', locale: 'en', avatar: null },
      })
      expect(saved.status).toBe(200)
      expect(saved.json.result.admin).toMatchObject({ name: 'New Name', email: 'new@example.com', locale: 'en' })
      const [audit] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, me.id)))
      expect(audit!.changes).toMatchObject({ name: { to: 'New Name' }, email: { to: 'new@example.com' }, locale: { from: 'ar', to: 'en' } })
      for (const hostile of [
        { name: 'x\u0000y', email: 'a@b.co', locale: 'en' },
        { name: 'ok name', email: 'a@b.co', locale: 'fr' },
        { name: 'ok name', email: 'a@b.co', locale: 'en', user_type: 'primary' },
      ])
        expect((await server.request({ method: 'POST', url: `${PROFILE}/update-profile`, token: me.token, body: hostile })).status).toBe(
          422,
        )
    })

    it('change-password: "Password not correct" (ar and en) for a wrong current one; else ends the OTHER sessions and says how many', async () => {
      const me = await signIn('sub')
      const other1 = await server.loginAdmin(me.email)
      const other2 = await server.loginAdmin(me.email)
      const change = (current: string, lang: 'ar' | 'en' = 'en', password = STRONG) =>
        server.request({
          method: 'POST',
          url: `${PROFILE}/change-password`,
          token: me.token,
          lang,
          body: { current_password: current, password, password_confirmation: password },
        })
      const wrong = await change('Wrong-Password-1')
      expect(wrong.status).toBe(422)
      expect(wrong.json.message).toBe('Password not correct')
      expect(wrong.json.errors.current_password).toBeDefined()
      const wrongAr = await change('Wrong-Password-1', 'ar')
      expect(wrongAr.status).toBe(422)
      expect(wrongAr.json.message).not.toBe('Password not correct')
      expect(wrongAr.json.message.length).toBeGreaterThan(3)
      expect((await change(PASSWORD, 'en', 'weakpass')).status).toBe(422)
      const ok = await change(PASSWORD)
      expect(ok.status).toBe(200)
      expect(ok.json.result).toEqual({ ended_sessions: 2 })
      expect(ok.json.message).toContain('(2)')
      const meUrl = '/api/admin-panal/auth/me'
      expect((await server.request({ url: meUrl, token: me.token })).status).toBe(200)
      expect((await server.request({ url: meUrl, token: other1 })).status).toBe(401)
      expect((await server.request({ url: meUrl, token: other2 })).status).toBe(401)
      expect(await server.loginAdmin(me.email, STRONG)).toBeTruthy()
      const [audit] = await server.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, me.id)))
      expect(audit!.changes).toEqual({ password: { from: 'set', to: 'changed' } })
    })
  })
})
