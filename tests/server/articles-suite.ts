import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { articleDetailSchema, articlePageSchema } from '../../src/contract/articles'
import { auditLog } from '../../server/db/tables'
import { backends, grantRole, routesOfModule, useTestServer } from './helpers'

/** XSS payloads and what must never survive them in a stored body. */
export const XSS_PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<style>body{background:url(javascript:alert(1))}</style>',
  '<img src=x onerror=alert(1)>',
  '<p onmouseover="alert(1)">hover</p>',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href="jav&#x09;ascript:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#0000106&#0000097vascript:alert(1)">x</a>',
  '<a href="java\nscript:alert(1)">x</a>',
  '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=">',
  '<svg onload=alert(1)><script>alert(1)</script></svg>',
  '<svg><animate onbegin=alert(1) attributeName=x></svg>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>x</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<<script>script>alert(1)<</script>/script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '<div style="background:url(javascript:alert(1))">s</div>',
  '<!--<script>alert(1)</script>-->',
  '<a href="https://ok.example" onclick="alert(1)" target="_blank">ok</a>',
  '<img src="https://ok.example/a.png" alt="a" onload="alert(1)">',
  '<p>unterminated <img src=x onerror=alert(1)',
]

/** Patterns that must not appear in sanitised output (outside escaped text). */
export function expectSafe(html: string): void {
  expect(html).not.toMatch(/<\s*(script|style|svg|iframe|object|embed|math|form|input|button)/i)
  expect(html).not.toMatch(/\son[a-z]+\s*=/i)
  expect(html).not.toMatch(/(href|src)\s*=\s*"[^"]*(javascript|data|vbscript):/i)
  expect(html).not.toMatch(/\sstyle\s*=/i)
  expect(html).not.toMatch(/\ssrcdoc\s*=/i)
}

/** The shared suite of blogs and contents (same shape, own tables, own permissions). */
export function articleSuite(name: 'blogs' | 'contents'): void {
  const BASE = `/api/admin-panal/${name}`
  const valid = {
    title_ar: 'من نحن',
    title_en: 'About us',
    short_description_ar: 'نبذة',
    short_description_en: 'In short',
    body_ar: '<p>مرحبا <strong>بكم</strong></p>',
    body_en: '<p>Hello <a href="https://example.com" target="_blank">world</a></p>',
    seo_link_ar: 'من-نحن',
    seo_link_en: 'about-us',
    order: 2,
    language: 'both',
    image: null,
    is_active: true,
  }

  describe.each(backends)(`${name} resource on $name`, (backend) => {
    const server = useTestServer(backend)
    const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const create = async (token: string, body: object = valid, lang: 'ar' | 'en' = 'en') => server.request({ url: BASE, token, body, lang })

    it('creates, views with bodies, and lists without them in the Lang locale', async () => {
      const token = await primary()
      const res = await create(token)
      expect(res.status).toBe(201)
      const item = z.parse(articleDetailSchema, res.json.result.item)
      expect(item).toMatchObject({ title: 'About us', seo_link: 'about-us', order: 2, language: 'both', version: 1 })
      expect(item.body).toBe('<p>Hello <a href="https://example.com" target="_blank" rel="noopener noreferrer">world</a></p>')
      const ar = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
      expect(ar.json.result.item).toMatchObject({ title: 'من نحن', seo_link: 'من-نحن', body: '<p>مرحبا <strong>بكم</strong></p>' })
      const list = await server.request({ url: `${BASE}?search=about&is_active=1&language=both&sort_column=order`, token })
      const page = z.parse(articlePageSchema, list.json.result[name])
      expect(page.total).toBe(1)
      expect(page.data[0]).not.toHaveProperty('body')
      const [audit] = await server.db.select().from(auditLog)
      expect(audit).toMatchObject({ action: 'create', resource: name, recordId: item.id })
    })

    it('stores XSS payloads sanitised (bodies of both languages)', async () => {
      const token = await primary()
      for (const [index, payload] of XSS_PAYLOADS.entries()) {
        const res = await create(token, {
          ...valid,
          body_ar: `<p>نص ${index}</p>${payload}`,
          body_en: `<p>text ${index}</p>${payload}`,
          seo_link_ar: `رابط-${index}`,
          seo_link_en: `link-${index}`,
        })
        expect(res.status, payload).toBe(201)
        const { translations } = res.json.result.item as { translations: { body: string }[] }
        for (const t of translations) expectSafe(t.body)
      }
      const rows = await server.db.execute(`select body_ar, body_en from ${name}` as never)
      const list = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { body_ar: string; body_en: string }[] }).rows) as {
        body_ar: string
        body_en: string
      }[]
      expect(list).toHaveLength(XSS_PAYLOADS.length)
      for (const row of list) {
        expectSafe(row.body_ar)
        expectSafe(row.body_en)
      }
      const kept = await create(token, { ...valid, body_en: '<p>Safe <em>text</em> &amp; <a href="/privacy">link</a></p>' })
      expect(kept.json.result.item.translations[1].body).toBe('<p>Safe <em>text</em> &amp; <a href="/privacy">link</a></p>')
    })

    it('refuses a body that is empty once sanitised', async () => {
      const token = await primary()
      const res = await create(token, { ...valid, body_ar: '<script>alert(1)</script>' })
      expect(res.status).toBe(422)
      expect(res.json.errors).toEqual({ body_ar: ['Required Field'] })
    })

    it('keeps seo_link unique per language (422 on the field), not across languages', async () => {
      const token = await primary()
      const first = await create(token)
      expect(first.status).toBe(201)
      const same = await create(token, { ...valid, seo_link_ar: 'اخر' })
      expect(same.status).toBe(422)
      expect(same.json.errors).toEqual({ seo_link_en: ['This link is already used'] })
      const sameAr = await create(token, { ...valid, seo_link_en: 'other' }, 'ar')
      expect(sameAr.json.errors).toEqual({ seo_link_ar: ['هذا الرابط مستخدم من قبل'] })
      // The English slug of one page may be the Arabic-field slug of another.
      const crossed = await create(token, { ...valid, seo_link_ar: 'about-us', seo_link_en: 'about-2' })
      expect(crossed.status).toBe(201)
      // Editing a record keeps its own slugs.
      const id = first.json.result.item.id
      const edit = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body: { ...valid, title_en: 'About', version: 1 } })
      expect(edit.status).toBe(200)
    })

    it.each([
      [
        'en',
        { title_ar: 'م', body_en: '', seo_link_en: 'About Us', order: -1, language: 'fr' },
        {
          title_ar: ['must be at least 2 characters'],
          body_en: ['Required Field'],
          seo_link_en: ['use lowercase letters, digits and single hyphens'],
          order: ['must be greater than 0'],
          language: ['is not one of the allowed values'],
        },
      ],
      [
        'ar',
        { title_ar: 'م', body_en: '', seo_link_en: 'About Us', order: -1, language: 'fr' },
        {
          title_ar: ['يجب ألا يقل عن 2 أحرف'],
          body_en: ['حقل مطلوب'],
          seo_link_en: [],
          order: [],
          language: ['ليس من القيم المسموح بها'],
        },
      ],
    ] as const)('answers validation messages per field (%s)', async (lang, patch, errors) => {
      const token = await primary()
      const res = await create(token, { ...valid, ...patch }, lang)
      expect(res.status).toBe(422)
      expect(Object.keys(res.json.errors).sort()).toEqual(Object.keys(errors).sort())
      for (const [field, messages] of Object.entries(errors)) {
        if (messages.length > 0) expect(res.json.errors[field]).toEqual(messages)
        else expect(res.json.errors[field][0]).toMatch(/[\u0600-\u06FF]/)
      }
    })

    it('accepts Arabic and latin slugs, refuses upper case, spaces and double hyphens', async () => {
      const token = await primary()
      for (const bad of ['About', 'about us', 'about--us', '-about', 'about_us', 'من نحن']) {
        const res = await create(token, { ...valid, seo_link_en: bad })
        expect(res.status, bad).toBe(422)
        expect(Object.keys(res.json.errors), bad).toEqual(['seo_link_en'])
      }
      expect((await create(token, { ...valid, seo_link_en: 'سياسة-2026' })).status).toBe(201)
    })

    it('refuses unknown fields, unknown sort columns and filters', async () => {
      const token = await primary()
      const unknown = await create(token, { ...valid, id: 1, version: 2, body: 'x' })
      expect(unknown.status).toBe(422)
      expect(unknown.json.errors).toEqual({
        id: ['is not an allowed field'],
        version: ['is not an allowed field'],
        body: ['is not an allowed field'],
      })
      for (const [query, field] of [
        ['sort_column=body_ar', 'sort_column'],
        ['language=fr', 'language'],
        ['is_active=yes', 'is_active'],
        ['seo_link_ar=x', 'seo_link_ar'],
      ]) {
        const res = await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })
        expect(res.status, query).toBe(422)
        expect(Object.keys(res.json.errors)).toEqual([field])
      }
    })

    it('updates with the current version, refuses a stale one with 409, toggles and deletes', async () => {
      const token = await primary()
      const id = (await create(token)).json.result.item.id
      const body = { ...valid, title_en: 'About the platform', version: 1 }
      const res = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body, lang: 'en' })
      expect(res.status).toBe(200)
      expect(res.json.result.item).toMatchObject({ title: 'About the platform', version: 2 })
      const stale = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body, lang: 'en' })
      expect(stale.status).toBe(409)
      expect(stale.json.message).toBe('This record was changed by someone else. Reload it and try again.')
      expect((await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${id}`, token })).json.result.item.is_active).toBe(false)
      expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token })).status).toBe(200)
      expect((await server.request({ url: `${BASE}/${id}`, token })).status).toBe(404)
    })

    it('a sub admin without the permission gets 403 on every route of the module', async () => {
      const id = (await create(await primary())).json.result.item.id
      const sub = await server.createAdmin({ userType: 'sub' })
      const other = name === 'blogs' ? 'contents' : 'blogs'
      await grantRole(server, sub.id, [`${other}:view`, `${other}:create`, `${other}:update`, `${other}:delete`])
      const token = await server.loginAdmin(sub.email)
      const routes = routesOfModule(server, name, id)
      expect(routes).toHaveLength(6)
      for (const route of routes) {
        const body = route.method === 'POST' || route.method === 'PUT' ? { ...valid, version: 1 } : undefined
        const res = await server.request({ ...route, token, lang: 'en', ...(body ? { body } : {}) })
        expect(res.status, `${route.method} ${route.url}`).toBe(403)
        expect(res.json.message).toBe('You are not allowed to do this.')
      }
      expect(await server.db.select().from(auditLog)).toHaveLength(1)
    })
  })
}
