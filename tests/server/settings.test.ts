import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { settingsAccess, settingsSchema, socialNetworks, type Settings } from '../../src/contract/settings'
import { auditLog } from '../../server/db/tables'
import { contactMessages } from '../../server/modules/contact/schema'
import { backends, grantRole, useTestServer } from './helpers'

const LIST = '/api/admin-panal/setting/settings-list'
const UPDATE = '/api/admin-panal/setting/update-settings'
const SITE = '/api/core/site'

const links = (extra: Record<string, string> = {}) => ({ ...Object.fromEntries(socialNetworks.map((n) => [n, ''])), ...extra })
const body = (extra: Record<string, unknown> = {}) => ({
  site_name_ar: 'سوق التجار',
  site_name_en: 'Traders Market',
  logo: null,
  default_language: 'en',
  contact_email: 'Hello@Traders.sa',
  support_email: '',
  phone: '+966500000001',
  second_phone: '',
  support_hours_ar: 'الأحد إلى الخميس ٩-٥',
  support_hours_en: 'Sunday to Thursday 9-5',
  social_links: links({ x: 'https://x.com/traders' }),
  mail_sender_name: 'Traders Market',
  mail_sender_email: 'no-reply@traders.sa',
  contact_form_enabled: true,
  version: 0,
  ...extra,
})

describe.each(backends)('settings on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('reads the defaults, saves with the version read, refuses a stale save and audits each changed field', async () => {
    const token = await primary()
    const first = await server.request({ method: 'GET', url: LIST, token })
    expect(first.status).toBe(200)
    const defaults = first.json.result.settings as Settings
    expect(settingsSchema.safeParse(defaults).success).toBe(true)
    expect(defaults.version).toBe(0)
    expect(defaults.contact_form_enabled).toBe(true)

    const saved = await server.request({ url: UPDATE, token, body: body(), lang: 'en' })
    expect(saved.status, saved.text).toBe(200)
    const created = saved.json.result.settings as Settings
    expect(created).toMatchObject({ version: 1, site_name_en: 'Traders Market', contact_email: 'hello@traders.sa', default_language: 'en' })
    expect(created.social_links.x).toBe('https://x.com/traders')

    // someone else saved meanwhile: the version read is stale
    const stale = await server.request({ url: UPDATE, token, body: body({ site_name_en: 'Other' }), lang: 'en' })
    expect(stale.status).toBe(409)

    const changed = await server.request({
      url: UPDATE,
      token,
      body: body({
        version: 1,
        site_name_en: 'Traders',
        social_links: links({ x: 'https://x.com/traders', instagram: 'https://instagram.com/t' }),
      }),
    })
    expect(changed.status, changed.text).toBe(200)
    expect(changed.json.result.settings.version).toBe(2)
    const audits = await server.db.select().from(auditLog).where(eq(auditLog.resource, 'settings'))
    expect(audits.map((a) => a.action)).toEqual(['create', 'update'])
    expect(Object.keys(audits[1]!.changes as object).sort()).toEqual(['site_name_en', 'social_links'])
    expect((audits[1]!.changes as Record<string, { from: unknown; to: unknown }>).site_name_en).toEqual({
      from: 'Traders Market',
      to: 'Traders',
    })

    // saving what is stored changes nothing: no new version, no audit row
    const same = await server.request({
      url: UPDATE,
      token,
      body: body({
        version: 2,
        site_name_en: 'Traders',
        social_links: links({ x: 'https://x.com/traders', instagram: 'https://instagram.com/t' }),
      }),
    })
    expect(same.json.result.settings.version).toBe(2)
    expect(await server.db.select().from(auditLog).where(eq(auditLog.resource, 'settings'))).toHaveLength(2)

    // a new admin gets the default language of the settings (English here) unless one is chosen
    const created2 = await server.request({
      url: '/api/admin-panal/users',
      token,
      body: {
        name: 'Layla',
        email: 'layla@example.com',
        password: 'New-Secret-42',
        password_confirmation: 'New-Secret-42',
        role_ids: [],
        user_type: 'sub',
      },
    })
    expect(created2.status, created2.text).toBe(201)
    expect(created2.json.result.item.locale).toBe('en')

    // every screen reads the new name, signed in or not
    const site = await server.request({ method: 'GET', url: SITE })
    expect(site.status).toBe(200)
    expect(site.json.result.site).toEqual({ name_ar: 'سوق التجار', name_en: 'Traders', logo: null, contact_form_enabled: true })
  })

  it('closes the public contact form: the message is refused and not kept', async () => {
    const token = await primary()
    const message = { name: 'Noura', email: 'noura@example.com', subject: 'Hi', message: 'When do you open?' }
    expect((await server.request({ url: '/api/contact', body: message })).status).toBe(201)
    const closed = await server.request({ url: UPDATE, token, body: body({ contact_form_enabled: false }) })
    expect(closed.status, closed.text).toBe(200)
    expect((await server.request({ method: 'GET', url: SITE })).json.result.site.contact_form_enabled).toBe(false)
    const refused = await server.request({ url: '/api/contact', body: message, lang: 'en' })
    expect(refused.status).toBe(403)
    expect(refused.json.message).toBe('The contact form is closed for now. Please write to us by email.')
    expect(await server.db.select().from(contactMessages)).toHaveLength(1)
  })

  it('answers only admins allowed to, and refuses bad fields with a 4xx (422 for a field), never 500', async () => {
    expect((await server.request({ method: 'GET', url: LIST })).status).toBe(401)
    expect((await server.request({ url: UPDATE, body: body() })).status).toBe(401)
    const sub = await server.createAdmin({ userType: 'sub' })
    const subToken = await server.loginAdmin(sub.email)
    expect((await server.request({ method: 'GET', url: LIST, token: subToken })).status).toBe(403)
    await grantRole(server, sub.id, [settingsAccess.can.view])
    expect((await server.request({ method: 'GET', url: LIST, token: subToken })).status).toBe(200)
    expect((await server.request({ url: UPDATE, token: subToken, body: body() })).status).toBe(403)

    const token = await primary()
    const bad: Record<string, unknown>[] = [
      { contact_email: 'not-an-email' },
      { site_name_en: '' },
      { site_name_ar: 'x'.repeat(81) },
      { site_name_en: 'Bad\u0000Name' },
      { site_name_en: 'Lone \uD800 surrogate' },
      { default_language: 'fr' },
      { phone: '12ab' },
      { social_links: links({ x: 'javascript:alert(1)' }) },
      { social_links: links({ x: 'https://user:pass@x.com' }) },
      { social_links: { ...links(), myspace: 'https://myspace.com/a' } },
      { social_links: JSON.parse('{"__proto__": {"polluted": "yes"}}') as object },
      { logo: '../../etc/passwd' },
      { contact_form_enabled: 'yes' },
      { version: '1' },
      { version: -1 },
      JSON.parse('{"constructor": {"prototype": {"polluted": true}}}') as Record<string, unknown>,
      { is_admin: true },
    ]
    for (const extra of bad) {
      const res = await server.request({ url: UPDATE, token, body: body(extra), lang: 'en' })
      // the JSON parser itself refuses a body that sets __proto__ or constructor.prototype (400)
      expect([400, 422], JSON.stringify(extra)).toContain(res.status)
      if (!/__proto__|constructor/.test(JSON.stringify(extra))) expect(res.status, JSON.stringify(extra)).toBe(422)
      expect(res.text).not.toMatch(/stack|\.ts:\d/)
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((await server.request({ method: 'GET', url: LIST, token })).json.result.settings.version).toBe(0)
  })
})
