import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adminCategoriesPath } from '../../src/contract/admin-users'
import { mappingPaths } from '../../src/contract/mapping'
import { auditLog } from '../../server/db/tables'
import { categories } from '../../server/modules/categories/schema'
import { marketplaceCategories, marketplaces } from '../../server/modules/marketplaces/schema'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

/**
 * The categories an admin is responsible for (`admin-panal/users/categories/{id}`): a sub user with
 * assigned categories reaches only those, their sub-categories and their mappings (403 otherwise);
 * without assignments it keeps what its roles allow; a primary user is never restricted.
 */

const CATEGORY_RIGHTS = [
  'categories:view',
  'categories:create',
  'categories:update',
  'categories:delete',
  'marketplaces:view',
  'marketplaces:update',
]

type Tree = Record<'Electronics' | 'Phones' | 'Smartphones' | 'Home' | 'Kitchen', number>

async function tree(server: TestServer): Promise<Tree> {
  const ids: Partial<Tree> = {}
  const add = async (en: keyof Tree, parent: keyof Tree | null) => {
    const [row] = await server.db
      .insert(categories)
      .values({ nameEn: en, nameAr: `ف ${en}`, parentId: parent ? ids[parent]! : null })
      .returning({ id: categories.id })
    ids[en] = row!.id
  }
  await add('Electronics', null)
  await add('Phones', 'Electronics')
  await add('Smartphones', 'Phones')
  await add('Home', null)
  await add('Kitchen', 'Home')
  return ids as Tree
}

describe.each(backends)('admin categories on $name', (backend) => {
  const server = useTestServer(backend)
  const get = (token: string, url: string) => server.request({ url: `/api/${url}`, token, lang: 'en' })
  const send = (token: string, method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) =>
    server.request({ method, url: `/api/${url}`, token, lang: 'en', ...(body === undefined ? {} : { body }) })

  async function limitedTo(t: Tree, names: (keyof Tree)[]) {
    const primary = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, CATEGORY_RIGHTS)
    const res = await send(primary, 'PUT', adminCategoriesPath(sub.id), { category_ids: names.map((n) => t[n]) })
    expect(res.status, res.text).toBe(200)
    return { primary, sub, token: await server.loginAdmin(sub.email) }
  }

  it('assigns categories, answers them with their paths, audits the change and refuses self and primary users', async () => {
    const t = await tree(server)
    const { primary, sub } = await limitedTo(t, ['Phones', 'Kitchen'])
    const read = await get(primary, adminCategoriesPath(sub.id))
    expect(read.status).toBe(200)
    expect(read.json.result.categories).toEqual([
      { id: t.Phones, name: 'Phones', path: ['Electronics', 'Phones'] },
      { id: t.Kitchen, name: 'Kitchen', path: ['Home', 'Kitchen'] },
    ])
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'users'), eq(auditLog.recordId, sub.id)))
    expect(audit.map((a) => a.changes)).toContainEqual({ category_ids: { from: [], to: [t.Phones, t.Kitchen].sort((a, b) => a - b) } })

    const missing = await send(primary, 'PUT', adminCategoriesPath(sub.id), { category_ids: [2_000_000] })
    expect(missing.status).toBe(422)
    const other = await server.createAdmin({ userType: 'primary' })
    expect((await send(primary, 'PUT', adminCategoriesPath(other.id), { category_ids: [t.Home] })).status).toBe(422)
    const me = await get(primary, 'admin-panal/setting/get-profile')
    expect((await send(primary, 'PUT', adminCategoriesPath(me.json.result.admin.id), { category_ids: [t.Home] })).status).toBe(422)
    expect((await send(primary, 'PUT', adminCategoriesPath(2_000_000), { category_ids: [] })).status).toBe(404)
    expect((await send(primary, 'PUT', adminCategoriesPath(sub.id), { category_ids: ['x'] })).status).toBe(422)
  })

  it('a limited sub user lists, reads and changes only its categories and their descendants', async () => {
    const t = await tree(server)
    const { token } = await limitedTo(t, ['Phones'])
    const list = await get(token, 'admin-panal/categories?pageSize=100')
    expect(list.status).toBe(200)
    expect(list.json.result.categories.data.map((c: { id: number }) => c.id).sort()).toEqual([t.Phones, t.Smartphones].sort())
    // the select list behind the category pickers offers only what it reaches too
    const options = await get(token, 'core/list/categories')
    expect(options.status).toBe(200)
    expect(options.json.result.list.map((c: { id: number }) => c.id).sort()).toEqual([t.Phones, t.Smartphones].sort())

    expect((await get(token, `admin-panal/categories/${t.Smartphones}`)).status).toBe(200)
    expect((await get(token, `admin-panal/categories/${t.Electronics}`)).status).toBe(403)
    expect((await get(token, `admin-panal/categories/${t.Kitchen}`)).status).toBe(403)
    expect((await send(token, 'PUT', `admin-panal/categories/active-toggle/${t.Kitchen}`)).status).toBe(403)
    expect((await send(token, 'DELETE', `admin-panal/categories/${t.Kitchen}`)).status).toBe(403)
    const edit = (id: number, parent: number | null) => ({ name_ar: 'اسم', name_en: 'Name', parent_id: parent, version: 1 })
    expect((await send(token, 'PUT', `admin-panal/categories/${t.Home}`, edit(t.Home, null))).status).toBe(403)

    // creating: under its own categories only
    expect((await send(token, 'POST', 'admin-panal/categories', { name_ar: 'جديد', name_en: 'New', parent_id: t.Home })).status).toBe(403)
    expect((await send(token, 'POST', 'admin-panal/categories', { name_ar: 'جديد', name_en: 'New' })).status).toBe(403)
    const created = await send(token, 'POST', 'admin-panal/categories', { name_ar: 'جديد', name_en: 'New', parent_id: t.Smartphones })
    expect(created.status, created.text).toBe(201)
    // its assigned category keeps its parent on edit; moving a sub-category out of reach is refused
    const own = await send(token, 'PUT', `admin-panal/categories/${t.Phones}`, edit(t.Phones, t.Electronics))
    expect(own.status, own.text).toBe(200)
    expect((await send(token, 'PUT', `admin-panal/categories/${t.Smartphones}`, edit(t.Smartphones, t.Home))).status).toBe(403)
    expect((await send(token, 'DELETE', `admin-panal/categories/${created.json.result.item.id}`)).status).toBe(200)

    // a limited admin assigns to others only what it reaches itself
    await grantRole(server, (await get(token, 'admin-panal/setting/get-profile')).json.result.admin.id, ['users:view', 'users:update'])
    const other = await server.createAdmin({ userType: 'sub' })
    expect((await send(token, 'PUT', adminCategoriesPath(other.id), { category_ids: [t.Home] })).status).toBe(403)
    expect((await send(token, 'PUT', adminCategoriesPath(other.id), { category_ids: [t.Smartphones] })).status).toBe(200)
  })

  it('without assignments a sub user keeps what its roles allow; a primary user is never limited', async () => {
    const t = await tree(server)
    const sub = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, sub.id, CATEGORY_RIGHTS)
    const token = await server.loginAdmin(sub.email)
    expect((await get(token, 'admin-panal/categories?pageSize=100')).json.result.categories.total).toBe(5)
    expect((await get(token, `admin-panal/categories/${t.Kitchen}`)).status).toBe(200)
    const primary = await server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
    expect((await get(primary, 'admin-panal/categories?pageSize=100')).json.result.categories.total).toBe(5)
  })

  it('a limited sub user maps marketplace categories only from and to its categories', async () => {
    const t = await tree(server)
    const { primary, token } = await limitedTo(t, ['Phones'])
    const [market] = await server.db
      .insert(marketplaces)
      .values({ nameAr: 'نون', nameEn: 'Noon', website: 'https://www.noon.com' })
      .returning()
    const mc = async (externalId: string, mapped: number | null) =>
      (
        await server.db
          .insert(marketplaceCategories)
          .values({ marketplaceId: market!.id, externalId, nameAr: externalId, nameEn: externalId, mappedCategoryId: mapped })
          .returning({ id: marketplaceCategories.id })
      )[0]!.id
    const free = await mc('free', null)
    const others = await mc('others', t.Kitchen)
    const map = (id: number, categoryId: number | null, expected: number | null) =>
      send(token, 'POST', mappingPaths.mapCategory(id), { category_id: categoryId, expected })
    expect((await map(free, t.Kitchen, null)).status).toBe(403)
    const mapped = await map(free, t.Smartphones, null)
    expect(mapped.status, mapped.text).toBe(200)
    expect((await map(free, null, t.Smartphones)).status).toBe(200)
    expect((await map(others, null, t.Kitchen)).status).toBe(403)
    expect((await map(others, t.Phones, t.Kitchen)).status).toBe(403)
    const [still] = await server.db.select().from(marketplaceCategories).where(eq(marketplaceCategories.id, others))
    expect(still!.mappedCategoryId).toBe(t.Kitchen)

    // in the marketplace's tree it sees its own mappings by name, another's only as mapped outside its categories
    expect((await map(free, t.Smartphones, null)).status).toBe(200)
    const nodes = async (as: string) => {
      const res = await get(as, mappingPaths.categories(market!.id))
      expect(res.status, res.text).toBe(200)
      const found = res.json.result.nodes as { external_id: string; mapped_to: { name: string; path: string[] } | null }[]
      return Object.fromEntries(found.map((n) => [n.external_id, n.mapped_to]))
    }
    const limited = await nodes(token)
    expect(limited.free).toMatchObject({ name: 'Smartphones', path: ['Electronics', 'Phones', 'Smartphones'] })
    expect(limited.others).toMatchObject({ name: 'A category outside yours', path: ['A category outside yours'] })
    expect(JSON.stringify(limited.others)).not.toContain('Kitchen')
    const all = await nodes(primary)
    expect(all.others).toMatchObject({ name: 'Kitchen', path: ['Home', 'Kitchen'] })
  })
})
