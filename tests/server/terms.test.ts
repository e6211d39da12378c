import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { termsResult } from '../../src/contract/terms'
import { auditLog } from '../../server/db/tables'
import { termsConditions } from '../../server/modules/terms/schema'
import { expectSafe, XSS_PAYLOADS } from './articles-suite'
import { backends, grantRole, routesOfModule, useTestServer } from './helpers'

const URL = '/api/admin-panal/terms-conditions'
const terms = { terms_ar: '<h2>الشروط</h2><p>نص الشروط</p>', terms_en: '<h2>Terms</h2><p>The terms</p>' }

describe.each(backends)('terms and conditions on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('answers null before the first save, creates on POST, then updates with the version (409 when stale or missing)', async () => {
    const token = await primary()
    const empty = await server.request({ url: URL, token })
    expect(empty.status).toBe(200)
    expect(empty.json.result).toEqual({ terms_condition: null })
    const created = await server.request({ url: URL, token, body: terms, lang: 'en' })
    expect(created.status).toBe(200)
    expect(z.parse(termsResult, created.json.result).terms_condition).toMatchObject({ ...terms, version: 1 })
    const read = await server.request({ url: URL, token })
    expect(read.json.result.terms_condition).toMatchObject({ ...terms, version: 1 })
    const missingVersion = await server.request({ url: URL, token, body: { ...terms, terms_en: '<p>New</p>' }, lang: 'en' })
    expect(missingVersion.status).toBe(409)
    const updated = await server.request({ url: URL, token, body: { ...terms, terms_en: '<p>New</p>', version: 1 } })
    expect(updated.status).toBe(200)
    expect(updated.json.result.terms_condition).toMatchObject({ terms_en: '<p>New</p>', version: 2 })
    const stale = await server.request({ url: URL, token, body: { ...terms, version: 1 }, lang: 'en' })
    expect(stale.status).toBe(409)
    expect(stale.json.message).toBe('This record was changed by someone else. Reload it and try again.')
    expect(await server.db.select().from(termsConditions)).toHaveLength(1)
    const audits = await server.db.select().from(auditLog)
    expect(audits.map((a) => a.action)).toEqual(['create', 'update'])
    expect(audits[1]!.changes).toEqual({ terms_en: { from: '<h2>Terms</h2><p>The terms</p>', to: '<p>New</p>' } })
  })

  it('stores XSS payloads sanitised', async () => {
    const token = await primary()
    let version: number | undefined
    for (const payload of XSS_PAYLOADS) {
      const res = await server.request({
        url: URL,
        token,
        body: { terms_ar: `<p>الشروط</p>${payload}`, terms_en: `<p>Terms</p>${payload}`, version },
      })
      expect(res.status, payload).toBe(200)
      const saved = res.json.result.terms_condition
      expectSafe(saved.terms_ar)
      expectSafe(saved.terms_en)
      version = saved.version
    }
    const [row] = await server.db.select().from(termsConditions)
    expectSafe(row!.termsAr)
    expectSafe(row!.termsEn)
  })

  it.each([
    [
      'en',
      { terms_ar: '', terms_en: 5, lang: 'x' },
      { terms_ar: ['Required Field'], terms_en: ['must be text'], lang: ['is not an allowed field'] },
    ],
    ['ar', { terms_ar: '', terms_en: 5, lang: 'x' }, { terms_ar: ['حقل مطلوب'], terms_en: null, lang: null }],
  ] as const)('answers validation messages per field (%s)', async (lang, body, errors) => {
    const token = await primary()
    const res = await server.request({ url: URL, token, body, lang })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors).sort()).toEqual(Object.keys(errors).sort())
    for (const [field, messages] of Object.entries(errors)) {
      if (messages) expect(res.json.errors[field]).toEqual(messages)
      else expect(res.json.errors[field][0]).toMatch(/[\u0600-\u06FF]/)
    }
    const blank = await server.request({ url: URL, token, body: { terms_ar: '<script>x</script>', terms_en: '<p> </p>' }, lang: 'en' })
    expect(blank.status).toBe(422)
    expect(blank.json.errors).toEqual({ terms_ar: ['Required Field'], terms_en: ['Required Field'] })
  })

  it('a sub admin without the permission gets 403 on every route; terms:view alone cannot save', async () => {
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, ['contents:view', 'contents:update'])
    const token = await server.loginAdmin(sub.email)
    const routes = routesOfModule(server, 'terms', 1)
    expect(routes.map((r) => r.method).sort()).toEqual(['GET', 'POST'])
    for (const route of routes) {
      const res = await server.request({ ...route, token, lang: 'en', ...(route.method === 'POST' ? { body: terms } : {}) })
      expect(res.status, `${route.method} ${route.url}`).toBe(403)
    }
    const viewer = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, viewer.id, ['terms:view'])
    const viewerToken = await server.loginAdmin(viewer.email)
    expect((await server.request({ url: URL, token: viewerToken })).status).toBe(200)
    expect((await server.request({ url: URL, token: viewerToken, body: terms })).status).toBe(403)
    expect(await server.db.select().from(termsConditions)).toHaveLength(0)
  })
})
