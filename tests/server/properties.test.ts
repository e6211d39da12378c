import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { propertyPageSchema, propertySchema } from '../../src/contract/properties'
import { auditLog } from '../../server/db/tables'
import { properties } from '../../server/modules/properties/schema'
import { backends, grantRole, routesOfModule, useTestServer } from './helpers'

const BASE = '/api/admin-panal/properties'

const color = {
  name_ar: 'اللون',
  name_en: 'Color',
  description_ar: 'لون المنتج',
  description_en: 'The colour',
  attribute_type: 'SELECT',
  values: [
    { value_ar: 'أحمر', value_en: 'Red' },
    { value_ar: 'أزرق', value_en: 'Blue' },
  ],
}

describe.each(backends)('properties resource on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const create = async (token: string, body: object = color) => server.request({ url: BASE, token, body, lang: 'en' })

  it('creates a choice property with values, lists and views it in the Lang locale', async () => {
    const token = await primary()
    const res = await create(token)
    expect(res.status).toBe(201)
    const item = z.parse(propertySchema, res.json.result.item)
    expect(item).toMatchObject({ name: 'Color', attribute_type: 'SELECT', values_count: 2, mapped: false, is_active: true, version: 1 })
    expect(item.values[0]).toEqual({ value: 'Red', value_ar: 'أحمر', value_en: 'Red' })
    const ar = await server.request({ url: `${BASE}/${item.id}`, token, lang: 'ar' })
    expect(ar.json.result.item).toMatchObject({ name: 'اللون', description: 'لون المنتج' })
    expect(ar.json.result.item.values[1].value).toBe('أزرق')
    const list = await server.request({ url: BASE, token })
    const page = z.parse(propertyPageSchema, list.json.result.properties)
    expect(page.total).toBe(1)
    const [audit] = await server.db.select().from(auditLog)
    expect(audit).toMatchObject({ action: 'create', resource: 'properties', recordId: item.id })
  })

  it('filters by mapped, attribute_type and is_active; searches names', async () => {
    const token = await primary()
    const colorId = (await create(token)).json.result.item.id
    await create(token, { name_ar: 'الخامة', name_en: 'Material', attribute_type: 'TEXT', is_active: false })
    await server.db.update(properties).set({ mapped: true }).where(eq(properties.id, colorId))
    const names = async (query: string) =>
      (await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })).json.result.properties.data.map(
        (p: { name: string }) => p.name,
      )
    expect(await names('mapped=1')).toEqual(['Color'])
    expect(await names('mapped=0')).toEqual(['Material'])
    expect(await names('attribute_type=TEXT')).toEqual(['Material'])
    expect(await names('attribute_type=TEXT,SELECT&sort_column=name&sort_direction=asc')).toEqual(['Color', 'Material'])
    expect(await names('attribute_type=NUMBER,BOOLEAN')).toEqual([])
    expect(await names('is_active=1')).toEqual(['Color'])
    expect(await names('search=mater')).toEqual(['Material'])
    expect(await names('sort_column=name&sort_direction=desc')).toEqual(['Material', 'Color'])
  })

  it.each([
    ['sort_column=description', 'sort_column'],
    ['mapped=2', 'mapped'],
    ['attribute_type=FILE', 'attribute_type'],
    ['attribute_type=TEXT,FILE', 'attribute_type'],
    ['attribute_type=TEXT,', 'attribute_type'],
    ['owner=1', 'owner'],
  ])('refuses %s with 422 on %s', async (query, field) => {
    const token = await primary()
    const res = await server.request({ url: `${BASE}?${query}`, token, lang: 'en' })
    expect(res.status).toBe(422)
    expect(Object.keys(res.json.errors)).toEqual([field])
  })

  it.each([
    [
      'en',
      { name_ar: 'ل', attribute_type: 'SELECT', values: [] },
      { name_ar: ['must be at least 2 characters'], name_en: ['Required Field'], values: ['Add at least one value'] },
    ],
    [
      'ar',
      { name_ar: 'ل', attribute_type: 'SELECT', values: [] },
      { name_ar: ['يجب ألا يقل عن 2 أحرف'], name_en: ['حقل مطلوب'], values: ['أضف قيمة واحدة على الأقل'] },
    ],
  ] as const)('answers validation messages per field (%s)', async (lang, body, errors) => {
    const token = await primary()
    const res = await server.request({ url: BASE, token, lang, body })
    expect(res.status).toBe(422)
    expect(res.json.errors).toEqual(errors)
  })

  it('refuses values on a non-choice type, duplicate values, an unknown type and unknown fields', async () => {
    const token = await primary()
    const text = await create(token, { ...color, attribute_type: 'TEXT' })
    expect(text.status).toBe(422)
    expect(text.json.errors).toEqual({ values: ['This type has no values'] })
    const duplicate = await create(token, { ...color, values: [color.values[0], color.values[0]] })
    expect(duplicate.json.errors).toEqual({ 'values.1.value_en': ['This value is repeated'] })
    const type = await create(token, { ...color, attribute_type: 'FILE' })
    expect(type.json.errors).toEqual({ attribute_type: ['is not one of the allowed values'] })
    const unknown = await create(token, { ...color, mapped: true, id: 3, values: [{ value_ar: 'أ', value_en: 'A', id: 1 }] })
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors).toEqual({
      mapped: ['is not an allowed field'],
      id: ['is not an allowed field'],
      'values.0.id': ['is not an allowed field'],
    })
    expect(await server.db.select().from(properties)).toHaveLength(0)
  })

  it('updates with the current version (values follow the type), refuses a stale one with 409', async () => {
    const token = await primary()
    const id = (await create(token)).json.result.item.id
    const body = { ...color, attribute_type: 'COLOR', values: [], version: 1 }
    const res = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body, lang: 'en' })
    expect(res.status).toBe(200)
    expect(res.json.result.item).toMatchObject({ attribute_type: 'COLOR', values: [], version: 2 })
    const stale = await server.request({ method: 'PUT', url: `${BASE}/${id}`, token, body, lang: 'en' })
    expect(stale.status).toBe(409)
    expect(stale.json.message).toBe('This record was changed by someone else. Reload it and try again.')
    const toggled = await server.request({ method: 'PUT', url: `${BASE}/active-toggle/${id}`, token })
    expect(toggled.json.result.item.is_active).toBe(false)
  })

  it('deletes a property, but not one mapped to products (409 with the reason)', async () => {
    const token = await primary()
    const id = (await create(token)).json.result.item.id
    await server.db.update(properties).set({ mapped: true }).where(eq(properties.id, id))
    const refused = await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token, lang: 'en' })
    expect(refused.status).toBe(409)
    expect(refused.json.message).toBe('A property mapped to products cannot be deleted.')
    await server.db.update(properties).set({ mapped: false }).where(eq(properties.id, id))
    expect((await server.request({ method: 'DELETE', url: `${BASE}/${id}`, token })).status).toBe(200)
    expect(await server.db.select().from(properties)).toHaveLength(0)
  })

  it('a sub admin without the permission gets 403 on every route of the module', async () => {
    const id = (await create(await primary())).json.result.item.id
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, ['categories:view', 'blogs:update'])
    const token = await server.loginAdmin(sub.email)
    const routes = routesOfModule(server, 'properties', id)
    expect(routes).toHaveLength(6)
    for (const route of routes) {
      const body = route.method === 'POST' || route.method === 'PUT' ? { ...color, version: 1 } : undefined
      const res = await server.request({ ...route, token, lang: 'en', ...(body ? { body } : {}) })
      expect(res.status, `${route.method} ${route.url}`).toBe(403)
    }
    expect(await server.db.select().from(auditLog)).toHaveLength(1)
  })
})
