import { describe, expect, it } from 'vitest'
import { isIsoDate } from '../../src/contract/resource'
import { backends, PASSWORD, useTestServer, type TestServer } from './helpers'

/**
 * Requests a hostile client sends: keys named like Object.prototype's members, NUL bytes, lone
 * surrogates, impossible dates, a broken multipart body. Each gets a 4xx with the envelope and a
 * translated message, never a 500 and never an internal message.
 */

const PROTOTYPE_KEYS = ['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__', 'isPrototypeOf']
const NUL = 'a\u0000b'
const LONE_HIGH = 'name \ud800'
const LONE_LOW = '\udc00 name'

const category = { name_ar: 'كتب', name_en: 'Books', description_ar: 'كتب', description_en: 'Books', is_active: true, sort_order: 1 }
const contactMessage = { name: 'نورة', email: 'noura@example.com', phone: '0559876543', subject: 'سؤال', message: 'نص الرسالة' }
const registration = {
  name: 'متجر',
  email: 'store@example.com',
  phone: '+966512345678',
  password: PASSWORD,
  password_confirmation: PASSWORD,
}

/** A client error in the product's envelope, whatever the status. */
function expectClientError(res: { status: number; json: { status?: unknown; message?: unknown } }, status?: number) {
  if (status !== undefined) expect(res.status).toBe(status)
  expect(res.status).toBeGreaterThanOrEqual(400)
  expect(res.status).toBeLessThan(500)
  expect(res.json.status).toBe(false)
  expect(typeof res.json.message).toBe('string')
  expect(res.json.message).not.toMatch(/Cannot|undefined|TypeError|is not a function|invalid input syntax/)
}

describe('calendar days', () => {
  it('accepts real days in range and refuses impossible or out-of-range ones', () => {
    expect(isIsoDate('2026-02-28')).toBe(true)
    expect(isIsoDate('2024-02-29')).toBe(true)
    for (const bad of ['2026-13-01', '2026-02-30', '2025-02-29', '2026-00-10', '2026-01-00', '0000-01-01', '9999-12-31', '2026-1-1', ''])
      expect(isIsoDate(bad), bad).toBe(false)
  })
})

describe.each(backends)('hostile input on $name', (backend) => {
  const server: TestServer = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)

  it('answers 422 with a field error for body keys named like prototype members, on public routes too', async () => {
    for (const key of PROTOTYPE_KEYS) {
      const login = await server.request({ url: '/api/login', body: { email: 'a@b.co', password: 'x', [key]: 1 }, lang: 'en' })
      expectClientError(login, 422)
      expect(login.json.errors[key]).toEqual(['is not an allowed field'])
      const admin = await server.request({ url: '/api/admin-panal/auth/login', body: { email: 'a@b.co', password: 'x', [key]: 1 } })
      expectClientError(admin, 422)
    }
  })

  it('answers 422 for query parameters named like prototype members', async () => {
    const token = await primary()
    for (const key of PROTOTYPE_KEYS) {
      const res = await server.request({ url: `/api/admin-panal/categories?${key}=1`, token, lang: 'en' })
      expectClientError(res, 422)
      expect(Object.keys(res.json.errors)).toEqual([key])
    }
  })

  it('answers 422 for NUL bytes in a search, a public contact message and a registration', async () => {
    const token = await primary()
    const search = await server.request({ url: '/api/admin-panal/categories?search=a%00b', token, lang: 'en' })
    expectClientError(search, 422)
    expect(search.json.errors.search).toEqual(['contains characters that are not allowed'])

    const contact = await server.request({ url: '/api/contact', body: { ...contactMessage, message: NUL }, lang: 'ar' })
    expectClientError(contact, 422)
    expect(contact.json.errors.message).toEqual(['يحتوي على رموز غير مسموح بها'])

    const register = await server.request({ url: '/api/register', body: { ...registration, name: NUL }, lang: 'en' })
    expectClientError(register, 422)
    expect(Object.keys(register.json.errors)).toEqual(['name'])
  })

  it('answers 422 for lone surrogates in an audited write and keeps nothing', async () => {
    const token = await primary()
    for (const name of [LONE_HIGH, LONE_LOW]) {
      const res = await server.request({ url: '/api/admin-panal/categories', body: { ...category, name_en: name }, token, lang: 'en' })
      expectClientError(res, 422)
      expect(res.json.errors.name_en).toEqual(['contains characters that are not allowed'])
    }
    const list = await server.request({ url: '/api/admin-panal/categories', token })
    expect(list.json.result.categories.total).toBe(0)
    // a well-formed pair (an emoji) is text like any other
    const emoji = await server.request({ url: '/api/admin-panal/categories', body: { ...category, name_en: 'Books 📚' }, token })
    expect(emoji.status).toBe(201)
  })

  it('answers 422 for a key holding a NUL byte', async () => {
    const res = await server.request({
      url: '/api/login',
      payload: '{"email":"a@b.co","password":"x","k\\u0000":1}',
      contentType: 'application/json',
    })
    expectClientError(res, 422)
  })

  it('answers 422 for contact filters that are not calendar days or out of range', async () => {
    const token = await primary()
    for (const day of ['2026-13-01', '2026-02-30', '0000-01-01', '9999-12-31']) {
      const res = await server.request({ url: `/api/admin-panal/contact?received_from=${day}&received_to=${day}`, token, lang: 'en' })
      expectClientError(res, 422)
      expect(Object.keys(res.json.errors).sort()).toEqual(['received_from', 'received_to'])
    }
    const fine = await server.request({ url: '/api/admin-panal/contact?received_from=2026-02-28', token })
    expect(fine.status).toBe(200)
  })

  it('answers 400 for a multipart upload that breaks off', async () => {
    const token = await primary()
    const boundary = '----truncated-boundary'
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`
    const payload = Buffer.concat([Buffer.from(head), Buffer.from('89504e470d0a1a0a0000', 'hex')])
    const res = await server.request({
      method: 'POST',
      url: '/api/admin-panal/uploads/images',
      token,
      payload,
      contentType: `multipart/form-data; boundary=${boundary}`,
      lang: 'en',
    })
    expectClientError(res, 400)
    expect(res.json.message).toBe('The request could not be read.')
  })
})
