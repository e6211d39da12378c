import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { mappingPaths, type MappingCategory } from '../../src/contract/mapping'
import { marketplacesAccess, marketplaceTaxonomyPath, type TaxonomyFile } from '../../src/contract/marketplaces'
import { auditLog } from '../../server/db/tables'
import { categories } from '../../server/modules/categories/schema'
import { marketplaceCategories, marketplaceProperties, marketplaces } from '../../server/modules/marketplaces/schema'
import { properties } from '../../server/modules/properties/schema'
import { backends, grantRole, multipart, useTestServer, type TestServer } from './helpers'

/**
 * Electronics > Phones > (Smartphones, Feature phones), Electronics > Laptops, Home > Kitchen 100% off.
 * Smartphones have a required colour (black, white) and a storage; laptops a colour.
 */
const tree: TaxonomyFile = {
  categories: [
    { id: 'EL', parent_id: null, name_ar: 'إلكترونيات', name_en: 'Electronics' },
    { id: 'PH', parent_id: 'EL', name_ar: 'هواتف', name_en: 'Phones' },
    { id: 'SP', parent_id: 'PH', name_ar: 'هواتف ذكية', name_en: 'Smartphones' },
    { id: 'FP', parent_id: 'PH', name_ar: 'هواتف عادية', name_en: 'Feature phones' },
    { id: 'LP', parent_id: 'EL', name_ar: 'حواسيب محمولة', name_en: 'Laptops' },
    { id: 'HM', parent_id: null, name_ar: 'المنزل', name_en: 'Home' },
    { id: 'KT', parent_id: 'HM', name_ar: 'مطبخ', name_en: 'Kitchen 100% off' },
  ],
  properties: [
    {
      id: 'color',
      category_id: 'SP',
      name_ar: 'اللون',
      name_en: 'Colour',
      type: 'SELECT',
      required: true,
      values: [
        { id: 'black', value_ar: 'أسود', value_en: 'Black' },
        { id: 'white', value_ar: 'أبيض', value_en: 'White' },
      ],
    },
    { id: 'storage', category_id: 'SP', name_ar: 'السعة', name_en: 'Storage', type: 'NUMBER' },
    {
      id: 'color',
      category_id: 'LP',
      name_ar: 'اللون',
      name_en: 'Colour',
      type: 'SELECT',
      required: true,
      values: [{ id: 'grey', value_ar: 'رمادي', value_en: 'Grey' }],
    },
  ],
}

type Fixture = {
  token: string
  marketplaceId: number
  /** Marketplace category ids by external id. */
  mc: Record<string, number>
  /** Platform category ids by English name. */
  pc: Record<string, number>
  /** Platform property ids by English name. */
  pp: Record<string, number>
}

describe.each(backends)('marketplace mapping on $name', (backend) => {
  const server: TestServer = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const get = (token: string, url: string, lang: 'ar' | 'en' = 'en') => server.request({ url: `/api/${url}`, token, lang })
  const post = (token: string, url: string, body: unknown, lang: 'ar' | 'en' = 'en') =>
    server.request({ method: 'POST', url: `/api/${url}`, token, lang, body })
  const importFile = (token: string, marketplaceId: number, file: TaxonomyFile) =>
    server.request({
      method: 'POST',
      url: `/api/${marketplaceTaxonomyPath(marketplaceId)}`,
      token,
      lang: 'en',
      ...multipart('taxonomy.json', 'application/json', JSON.stringify(file)),
    })

  async function setup(): Promise<Fixture> {
    const token = await primary()
    const [market] = await server.db
      .insert(marketplaces)
      .values({ nameAr: 'نون', nameEn: 'Noon', website: 'https://www.noon.com' })
      .returning({ id: marketplaces.id })
    const marketplaceId = market!.id
    expect((await importFile(token, marketplaceId, tree)).status).toBe(200)
    const rows = await server.db
      .select({ id: marketplaceCategories.id, externalId: marketplaceCategories.externalId })
      .from(marketplaceCategories)
      .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    const mc = Object.fromEntries(rows.map((r) => [r.externalId, r.id]))
    const pc: Record<string, number> = {}
    const add = async (en: string, ar: string, parent?: string, isActive = true) => {
      const [row] = await server.db
        .insert(categories)
        .values({ nameEn: en, nameAr: ar, parentId: parent ? pc[parent]! : null, isActive })
        .returning({ id: categories.id })
      pc[en] = row!.id
    }
    await add('Electronics', 'إلكترونيات')
    await add('Mobile phones', 'الجوالات', 'Electronics')
    await add('Smartphones', 'هواتف ذكية', 'Mobile phones')
    await add('Computers', 'حواسيب', 'Electronics')
    await add('Home', 'المنزل')
    await add('Kitchen', 'المطبخ', 'Home', false)
    const pp: Record<string, number> = {}
    for (const [en, ar, values, isActive] of [
      [
        'Color',
        'اللون',
        [
          ['أسود', 'Black'],
          ['أبيض', 'White'],
          ['رمادي', 'Grey'],
        ],
        true,
      ],
      ['Colour family', 'عائلة اللون', [['داكن', 'Dark']], true],
      ['Old colour', 'لون قديم', [['أسود', 'Black']], false],
    ] as const) {
      const [row] = await server.db
        .insert(properties)
        .values({
          nameEn: en,
          nameAr: ar,
          attributeType: 'SELECT',
          values: values.map(([a, e]) => ({ value_ar: a, value_en: e })),
          isActive,
        })
        .returning({ id: properties.id })
      pp[en] = row!.id
    }
    return { token, marketplaceId, mc, pc, pp }
  }

  const tree$ = (f: Fixture, query = '') => get(f.token, `${mappingPaths.categories(f.marketplaceId)}${query}`)
  const names = (nodes: MappingCategory[]) => nodes.map((n) => `${n.name_en}${n.match ? '' : ' (context)'}`)
  const mapCat = (f: Fixture, id: number, categoryId: number | null, expected: number | null, lang: 'ar' | 'en' = 'en') =>
    post(f.token, mappingPaths.mapCategory(id), { category_id: categoryId, expected }, lang)
  const propertyIdOf = async (categoryId: number, externalId: string) => {
    const [row] = await server.db
      .select({ id: marketplaceProperties.id })
      .from(marketplaceProperties)
      .where(and(eq(marketplaceProperties.categoryId, categoryId), eq(marketplaceProperties.externalId, externalId)))
    return row!.id
  }

  it('browses a parent’s children in tree order, pages them with after, and sets depth and counts', async () => {
    const f = await setup()
    const roots = await tree$(f)
    expect(roots.status).toBe(200)
    expect(roots.json.result.marketplace).toEqual({ id: f.marketplaceId, name: 'Noon' })
    expect(names(roots.json.result.nodes)).toEqual(['Electronics', 'Home'])
    expect(roots.json.result.total).toBe(2)
    expect(roots.json.result.next).toBeNull()
    const electronics = roots.json.result.nodes[0]
    expect(electronics).toMatchObject({ depth: 0, children_count: 2, properties_count: 0, mapped_to: null, match: true, external_id: 'EL' })

    const phones = await tree$(f, `?parent_id=${f.mc.PH}`)
    expect(names(phones.json.result.nodes)).toEqual(['Smartphones', 'Feature phones'])
    expect(phones.json.result.nodes[0]).toMatchObject({ depth: 2, children_count: 0, properties_count: 2, required_unmapped: 1 })

    const first = await tree$(f, `?parent_id=${f.mc.EL}&limit=1`)
    expect(names(first.json.result.nodes)).toEqual(['Phones'])
    expect(first.json.result).toMatchObject({ total: 2, next: f.mc.PH })
    const second = await tree$(f, `?parent_id=${f.mc.EL}&limit=1&after=${f.mc.PH}`)
    expect(names(second.json.result.nodes)).toEqual(['Laptops'])
    expect(second.json.result).toMatchObject({ total: 2, next: null })

    const arabic = await get(f.token, mappingPaths.categories(f.marketplaceId), 'ar')
    expect(arabic.json.result.nodes.map((n: MappingCategory) => n.name)).toEqual(['إلكترونيات', 'المنزل'])
    expect(arabic.json.result.marketplace.name).toBe('نون')

    expect(roots.json.result.progress).toEqual({ categories: { mapped: 0, total: 7 }, required_properties: { mapped: 0, total: 2 } })
    expect((await get(f.token, mappingPaths.categories(999_999))).status).toBe(404)
    // a parent or an `after` of another marketplace is not one of this tree's
    const [other] = await server.db
      .insert(marketplaces)
      .values({ nameAr: 'سلة', nameEn: 'Salla', website: 'https://salla.sa' })
      .returning({ id: marketplaces.id })
    const foreign = await get(f.token, `${mappingPaths.categories(other!.id)}?parent_id=${f.mc.PH}`)
    expect(foreign.status).toBe(422)
    expect(foreign.json.errors).toHaveProperty('parent_id')
    expect((await get(f.token, `${mappingPaths.categories(other!.id)}?after=${f.mc.PH}`)).status).toBe(422)
    const empty = await get(f.token, mappingPaths.categories(other!.id))
    expect(empty.json.result).toMatchObject({ nodes: [], total: 0, next: null })
  })

  it('finds by status, leaves and search across the whole tree, each match after its ancestors', async () => {
    const f = await setup()
    expect((await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)).status).toBe(200)
    expect((await mapCat(f, f.mc.KT!, f.pc.Home!, null)).status).toBe(200)

    const mapped = await tree$(f, '?status=mapped')
    expect(names(mapped.json.result.nodes)).toEqual([
      'Electronics (context)',
      'Phones (context)',
      'Smartphones',
      'Home (context)',
      'Kitchen 100% off',
    ])
    expect(mapped.json.result).toMatchObject({ total: 2, next: null })
    expect(mapped.json.result.nodes[2].mapped_to).toEqual({
      id: f.pc.Smartphones,
      name: 'Smartphones',
      path: ['Electronics', 'Mobile phones', 'Smartphones'],
    })
    const arabic = await get(f.token, `${mappingPaths.categories(f.marketplaceId)}?status=mapped`, 'ar')
    expect(arabic.json.result.nodes[2].mapped_to.path).toEqual(['إلكترونيات', 'الجوالات', 'هواتف ذكية'])

    const unmapped = await tree$(f, '?status=unmapped')
    expect(names(unmapped.json.result.nodes)).toEqual(['Electronics', 'Phones', 'Feature phones', 'Laptops', 'Home'])
    expect(unmapped.json.result.total).toBe(5)

    const leaves = await tree$(f, '?leaves=1')
    expect(names(leaves.json.result.nodes)).toEqual([
      'Electronics (context)',
      'Phones (context)',
      'Smartphones',
      'Feature phones',
      'Laptops',
      'Home (context)',
      'Kitchen 100% off',
    ])
    const unmappedLeaves = await tree$(f, '?leaves=1&status=unmapped')
    // the ancestors are unmapped too, but they are no leaves: context only
    expect(names(unmappedLeaves.json.result.nodes)).toEqual(['Electronics (context)', 'Phones (context)', 'Feature phones', 'Laptops'])
    // leaves=0 is no filter: browsing
    expect(names((await tree$(f, '?leaves=0')).json.result.nodes)).toEqual(['Electronics', 'Home'])

    const phone = await tree$(f, '?search=PHONE')
    expect(names(phone.json.result.nodes)).toEqual(['Electronics (context)', 'Phones', 'Smartphones', 'Feature phones'])
    expect(phone.json.result.total).toBe(3)
    const arabicSearch = await tree$(f, `?search=${encodeURIComponent('هواتف')}`)
    expect(names(arabicSearch.json.result.nodes)).toEqual(['Electronics (context)', 'Phones', 'Smartphones', 'Feature phones'])
    // % and _ are plain characters
    expect(names((await tree$(f, `?search=${encodeURIComponent('0%')}`)).json.result.nodes)).toEqual(['Home (context)', 'Kitchen 100% off'])
    expect((await tree$(f, `?search=${encodeURIComponent('%%')}`)).json.result.nodes).toEqual([])
    expect((await tree$(f, `?search=${encodeURIComponent('o_')}`)).json.result.total).toBe(0)
    const both = await tree$(f, '?search=phone&status=mapped')
    expect(names(both.json.result.nodes)).toEqual(['Electronics (context)', 'Phones (context)', 'Smartphones'])
  })

  it('pages a find with after and limit, and finds the next unmapped one', async () => {
    const f = await setup()
    const first = await tree$(f, '?status=unmapped&limit=2')
    expect(names(first.json.result.nodes)).toEqual(['Electronics', 'Phones'])
    expect(first.json.result).toMatchObject({ total: 7, next: f.mc.PH })
    const second = await tree$(f, `?status=unmapped&limit=2&after=${f.mc.PH}`)
    // ancestors read before are shown again for context; they match themselves
    expect(names(second.json.result.nodes)).toEqual(['Electronics', 'Phones', 'Smartphones', 'Feature phones'])
    expect(second.json.result).toMatchObject({ total: 5, next: f.mc.FP })

    await mapCat(f, f.mc.FP!, f.pc.Smartphones!, null)
    await mapCat(f, f.mc.LP!, f.pc.Computers!, null)
    const next = await tree$(f, `?status=unmapped&after=${f.mc.SP}&limit=1`)
    expect(next.json.result.nodes.filter((n: MappingCategory) => n.id === f.mc.HM)).toHaveLength(1)
    expect(next.json.result.nodes.at(-1)).toMatchObject({ id: f.mc.HM, match: true })
    expect(next.json.result).toMatchObject({ total: 2, next: f.mc.HM })
    const last = await tree$(f, `?status=unmapped&after=${f.mc.KT}&limit=1`)
    expect(last.json.result).toMatchObject({ nodes: [], total: 0, next: null })
  })

  it('suggests active platform categories by similarity in either language, best first', async () => {
    const f = await setup()
    const res = await get(f.token, mappingPaths.suggestions(f.mc.SP!))
    expect(res.status).toBe(200)
    const suggestions = res.json.result.suggestions as { id: number; name: string; path: string[]; score: number }[]
    expect(suggestions[0]).toMatchObject({
      id: f.pc.Smartphones,
      name: 'Smartphones',
      path: ['Electronics', 'Mobile phones', 'Smartphones'],
    })
    expect(suggestions[0]!.score).toBe(1)
    const scores = suggestions.map((s) => s.score)
    expect(scores).toEqual([...scores].sort((a, b) => b - a))
    for (const s of suggestions) expect(s.score).toBeGreaterThan(0)
    expect(suggestions.length).toBeLessThanOrEqual(5)

    // the inactive Kitchen is never suggested, though its name is the closest
    const kitchen = await get(f.token, mappingPaths.suggestions(f.mc.KT!), 'ar')
    expect(kitchen.json.result.suggestions.map((s: { id: number }) => s.id)).not.toContain(f.pc.Kitchen)
    // by the Arabic name alone
    const home = await get(f.token, mappingPaths.suggestions(f.mc.HM!), 'ar')
    expect(home.json.result.suggestions[0]).toMatchObject({ id: f.pc.Home, name: 'المنزل', path: ['المنزل'] })
    expect((await get(f.token, mappingPaths.suggestions(999_999))).status).toBe(404)
  })

  it('maps and unmaps a category: 409 when it changed meanwhile, 422 for an unknown or inactive target, audited', async () => {
    const f = await setup()
    const mapped = await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)
    expect(mapped.status).toBe(200)
    expect(mapped.json.message).toBe('Mapping saved.')
    expect(mapped.json.result.category).toMatchObject({ id: f.mc.SP, mapped_to: { id: f.pc.Smartphones } })
    expect(mapped.json.result.progress.categories).toEqual({ mapped: 1, total: 7 })
    const [row] = await server.db.select().from(marketplaceCategories).where(eq(marketplaceCategories.id, f.mc.SP!))
    expect(row!.mappedAt).toEqual(server.clock.now())
    expect(row!.mappedBy).not.toBeNull()

    // the same again: nothing to do, no second audit row
    expect((await mapCat(f, f.mc.SP!, f.pc.Smartphones!, f.pc.Smartphones!)).status).toBe(200)
    // someone else mapped it meanwhile: the admin saw it unmapped
    const stale = await mapCat(f, f.mc.SP!, f.pc['Mobile phones']!, null)
    expect(stale.status).toBe(409)
    expect(stale.json.message).toBe('Someone else changed this mapping meanwhile. The latest is shown now.')
    const staleAr = await mapCat(f, f.mc.SP!, null, null, 'ar')
    expect(staleAr.status).toBe(409)
    expect(staleAr.json.message).toMatch(/[\u0600-\u06ff]/)

    const inactive = await mapCat(f, f.mc.HM!, f.pc.Kitchen!, null)
    expect(inactive.status).toBe(422)
    expect(inactive.json.errors).toHaveProperty('category_id')
    const unknown = await mapCat(f, f.mc.HM!, 2_000_000_000, null)
    expect(unknown.status).toBe(422)
    expect(unknown.json.errors).toHaveProperty('category_id')
    expect((await mapCat(f, 2_000_000_000, f.pc.Home!, null)).status).toBe(404)

    const unmapped = await mapCat(f, f.mc.SP!, null, f.pc.Smartphones!)
    expect(unmapped.status).toBe(200)
    expect(unmapped.json.result.category.mapped_to).toBeNull()
    expect(unmapped.json.result.progress.categories.mapped).toBe(0)

    const audits = await server.db
      .select({ action: auditLog.action, recordId: auditLog.recordId, changes: auditLog.changes })
      .from(auditLog)
      .where(eq(auditLog.resource, 'marketplace_categories'))
      .orderBy(auditLog.id)
    expect(audits).toEqual([
      { action: 'map', recordId: f.mc.SP, changes: { mapped_category_id: { from: null, to: f.pc.Smartphones } } },
      { action: 'unmap', recordId: f.mc.SP, changes: { mapped_category_id: { from: f.pc.Smartphones, to: null } } },
    ])
  })

  it('lets only one of two concurrent mappings from the same state through', async () => {
    const f = await setup()
    const answers = await Promise.all([mapCat(f, f.mc.SP!, f.pc.Smartphones!, null), mapCat(f, f.mc.SP!, f.pc['Mobile phones']!, null)])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409])
  })

  it('maps properties and their values of a mapped category; the platform property’s mapped follows', async () => {
    const f = await setup()
    const color = await propertyIdOf(f.mc.SP!, 'color')
    const laptopColor = await propertyIdOf(f.mc.LP!, 'color')
    const view = await get(f.token, mappingPaths.properties(f.mc.SP!))
    expect(view.status).toBe(200)
    expect(view.json.result.marketplace.name).toBe('Noon')
    expect(view.json.result.category).toMatchObject({ id: f.mc.SP, name: 'Smartphones' })
    expect(view.json.result.properties.map((p: { name: string }) => p.name)).toEqual(['Colour', 'Storage'])
    expect(view.json.result.properties[0]).toMatchObject({ required: true, type: 'SELECT', mapped_to: null })
    expect(view.json.result.properties[0].values.map((v: { name: string; mapped_value: null }) => [v.name, v.mapped_value])).toEqual([
      ['Black', null],
      ['White', null],
    ])
    // only the active platform properties, with their values by key
    expect(view.json.result.platform_properties.map((p: { name: string }) => p.name)).toEqual(['Color', 'Colour family'])
    expect(view.json.result.platform_properties[0].values[0]).toEqual({ key: 'Black', name: 'Black' })
    const viewAr = await get(f.token, mappingPaths.properties(f.mc.SP!), 'ar')
    expect(viewAr.json.result.platform_properties[0].values[0]).toEqual({ key: 'Black', name: 'أسود' })
    expect(view.json.result.required).toEqual({ mapped: 0, total: 1 })
    expect((await get(f.token, mappingPaths.properties(999_999))).status).toBe(404)

    const values = view.json.result.properties[0].values as { id: number }[]
    const body = (over: object) => ({ marketplace_property_id: color, property_id: f.pp.Color, expected: null, ...over })
    // the category is not mapped yet
    const early = await post(f.token, mappingPaths.mapProperty, body({}))
    expect(early.status).toBe(422)
    expect(early.json.errors).toHaveProperty('marketplace_property_id')
    await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)

    const inactive = await post(f.token, mappingPaths.mapProperty, body({ property_id: f.pp['Old colour'] }))
    expect(inactive.status).toBe(422)
    expect(inactive.json.errors).toHaveProperty('property_id')
    const wrongValue = await post(
      f.token,
      mappingPaths.mapProperty,
      body({ values: [{ marketplace_value_id: values[0]!.id, value: 'Purple' }] }),
    )
    expect(wrongValue.status).toBe(422)
    expect(wrongValue.json.errors).toHaveProperty(['values.0.value'])
    const laptopValue = (await get(f.token, mappingPaths.properties(f.mc.LP!))).json.result.properties[0].values[0].id as number
    const foreignValue = await post(
      f.token,
      mappingPaths.mapProperty,
      body({
        values: [
          { marketplace_value_id: values[0]!.id, value: 'Black' },
          { marketplace_value_id: laptopValue, value: 'Grey' },
        ],
      }),
    )
    expect(foreignValue.status).toBe(422)
    expect(foreignValue.json.errors).toHaveProperty(['values.1.marketplace_value_id'])
    expect((await post(f.token, mappingPaths.mapProperty, body({ marketplace_property_id: 2_000_000_000 }))).status).toBe(404)

    const ok = await post(
      f.token,
      mappingPaths.mapProperty,
      body({
        values: [
          { marketplace_value_id: values[0]!.id, value: 'Black' },
          { marketplace_value_id: values[1]!.id, value: 'White' },
        ],
      }),
    )
    expect(ok.status).toBe(200)
    expect(ok.json.result.property.mapped_to).toEqual({ id: f.pp.Color, name: 'Color' })
    expect(ok.json.result.property.values.map((v: { mapped_value: string }) => v.mapped_value)).toEqual(['Black', 'White'])
    expect(ok.json.result.required).toEqual({ mapped: 1, total: 1 })
    const mappedOf = async (id: number) =>
      (await server.db.select({ mapped: properties.mapped }).from(properties).where(eq(properties.id, id)))[0]!.mapped
    expect(await mappedOf(f.pp.Color!)).toBe(true)
    expect((await tree$(f)).json.result.progress.required_properties).toEqual({ mapped: 1, total: 2 })

    // stale: the admin saw it unmapped
    const stale = await post(f.token, mappingPaths.mapProperty, body({ property_id: f.pp['Colour family'] }))
    expect(stale.status).toBe(409)
    // one value unmapped, the other kept
    const partly = await post(
      f.token,
      mappingPaths.mapProperty,
      body({ expected: f.pp.Color, values: [{ marketplace_value_id: values[1]!.id, value: null }] }),
    )
    expect(partly.json.result.property.values.map((v: { mapped_value: string | null }) => v.mapped_value)).toEqual(['Black', null])

    // to another property: its values' old mappings go, the old target is no longer mapped
    const moved = await post(f.token, mappingPaths.mapProperty, body({ expected: f.pp.Color, property_id: f.pp['Colour family'] }))
    expect(moved.status).toBe(200)
    expect(moved.json.result.property.values.map((v: { mapped_value: string | null }) => v.mapped_value)).toEqual([null, null])
    expect(await mappedOf(f.pp.Color!)).toBe(false)
    expect(await mappedOf(f.pp['Colour family']!)).toBe(true)

    // two marketplace properties on one platform property: it stays mapped until both are gone
    await mapCat(f, f.mc.LP!, f.pc.Computers!, null)
    await post(f.token, mappingPaths.mapProperty, {
      marketplace_property_id: laptopColor,
      property_id: f.pp['Colour family'],
      expected: null,
    })
    const unmapped = await post(f.token, mappingPaths.mapProperty, body({ expected: f.pp['Colour family'], property_id: null }))
    expect(unmapped.status).toBe(200)
    expect(unmapped.json.message).toBe('Mapping removed.')
    expect(unmapped.json.result.property).toMatchObject({ mapped_to: null })
    expect(await mappedOf(f.pp['Colour family']!)).toBe(true)
    await post(f.token, mappingPaths.mapProperty, {
      marketplace_property_id: laptopColor,
      property_id: null,
      expected: f.pp['Colour family'],
    })
    expect(await mappedOf(f.pp['Colour family']!)).toBe(false)

    const audits = await server.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(eq(auditLog.resource, 'marketplace_properties'))
      .orderBy(auditLog.id)
    expect(audits.map((a) => a.action)).toEqual(['map', 'map', 'map', 'map', 'unmap', 'unmap'])
  })

  it('refuses to delete a mapped platform category or property, naming the mappings', async () => {
    const f = await setup()
    await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)
    await mapCat(f, f.mc.FP!, f.pc.Smartphones!, null)
    const category = await server.request({
      method: 'DELETE',
      url: `/api/admin-panal/categories/${f.pc.Smartphones}`,
      token: f.token,
      lang: 'en',
    })
    expect(category.status).toBe(409)
    expect(category.json.message).toContain('(2)')
    expect(category.json.message).toContain('Noon › Electronics › Phones › Smartphones')
    expect(category.json.message).toContain('Noon › Electronics › Phones › Feature phones')
    const categoryAr = await server.request({
      method: 'DELETE',
      url: `/api/admin-panal/categories/${f.pc.Smartphones}`,
      token: f.token,
      lang: 'ar',
    })
    expect(categoryAr.json.message).toContain('نون › إلكترونيات › هواتف › هواتف ذكية')

    const color = await propertyIdOf(f.mc.SP!, 'color')
    await post(f.token, mappingPaths.mapProperty, { marketplace_property_id: color, property_id: f.pp.Color, expected: null })
    const property = await server.request({
      method: 'DELETE',
      url: `/api/admin-panal/properties/${f.pp.Color}`,
      token: f.token,
      lang: 'en',
    })
    expect(property.status).toBe(409)
    expect(property.json.message).toContain('Noon › Electronics › Phones › Smartphones › Colour')

    // the properties' own rule still answers for a property marked mapped by other means
    await server.db.update(properties).set({ mapped: true }).where(eq(properties.id, f.pp['Colour family']!))
    const marked = await server.request({
      method: 'DELETE',
      url: `/api/admin-panal/properties/${f.pp['Colour family']}`,
      token: f.token,
      lang: 'en',
    })
    expect(marked.status).toBe(409)
    expect(marked.json.message).toBe('A property mapped to products cannot be deleted.')

    // unmapped, they go
    await mapCat(f, f.mc.SP!, null, f.pc.Smartphones!)
    await mapCat(f, f.mc.FP!, null, f.pc.Smartphones!)
    expect(
      (await server.request({ method: 'DELETE', url: `/api/admin-panal/categories/${f.pc.Smartphones}`, token: f.token, lang: 'en' }))
        .status,
    ).toBe(200)
  })

  it('keeps mappings through a re-import, in the new file order; removed rows take their mapping along', async () => {
    const f = await setup()
    await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)
    await mapCat(f, f.mc.LP!, f.pc.Computers!, null)
    const laptopColor = await propertyIdOf(f.mc.LP!, 'color')
    await post(f.token, mappingPaths.mapProperty, { marketplace_property_id: laptopColor, property_id: f.pp.Color, expected: null })
    const color = await propertyIdOf(f.mc.SP!, 'color')
    await post(f.token, mappingPaths.mapProperty, {
      marketplace_property_id: color,
      property_id: f.pp['Colour family'],
      expected: null,
    })

    // Home first now, a new category under Phones, Laptops gone, Smartphones renamed
    const [el, ph, sp, fp, , hm, kt] = tree.categories
    const next: TaxonomyFile = {
      categories: [
        hm!,
        kt!,
        el!,
        ph!,
        { id: 'TB', parent_id: 'PH', name_ar: 'أجهزة لوحية', name_en: 'Tablets' },
        { ...sp!, name_en: 'Smart phones' },
        fp!,
      ],
      properties: tree.properties!.filter((p) => p.category_id !== 'LP'),
    }
    const res = await importFile(f.token, f.marketplaceId, next)
    expect(res.status).toBe(200)
    expect(res.json.result.categories).toMatchObject({ added: 1, removed: 1, changed: 1 })

    expect(names((await tree$(f)).json.result.nodes)).toEqual(['Home', 'Electronics'])
    const phones = await tree$(f, `?parent_id=${f.mc.PH}`)
    expect(names(phones.json.result.nodes)).toEqual(['Tablets', 'Smart phones', 'Feature phones'])
    expect(phones.json.result.nodes[1]).toMatchObject({ id: f.mc.SP, mapped_to: { id: f.pc.Smartphones }, depth: 2 })
    const all = await tree$(f, '?status=unmapped')
    expect(names(all.json.result.nodes)).toEqual(['Home', 'Kitchen 100% off', 'Electronics', 'Phones', 'Tablets', 'Feature phones'])
    expect(all.json.result.total).toBe(6)
    expect(all.json.result.progress).toEqual({ categories: { mapped: 1, total: 7 }, required_properties: { mapped: 1, total: 1 } })
    const view = await get(f.token, mappingPaths.properties(f.mc.SP!))
    expect(view.json.result.properties[0].mapped_to).toEqual({ id: f.pp['Colour family'], name: 'Colour family' })
    // the laptops' colour went with them: Color is no longer mapped
    const [row] = await server.db.select({ mapped: properties.mapped }).from(properties).where(eq(properties.id, f.pp.Color!))
    expect(row!.mapped).toBe(false)
    // the same file again changes nothing
    const again = await importFile(f.token, f.marketplaceId, next)
    expect(again.json.result.categories).toMatchObject({ added: 0, removed: 0, changed: 0 })
    expect(names((await tree$(f, `?parent_id=${f.mc.PH}`)).json.result.nodes)).toEqual(['Tablets', 'Smart phones', 'Feature phones'])
  })

  it('rewrites no other row when a re-import only drops a category', async () => {
    const f = await setup()
    const stamp = async (id: number) =>
      (
        await server.db.select({ at: marketplaceCategories.updatedAt }).from(marketplaceCategories).where(eq(marketplaceCategories.id, id))
      )[0]!.at
    const before = await stamp(f.mc.FP!)
    server.clock.advance(60_000)
    const res = await importFile(f.token, f.marketplaceId, {
      categories: tree.categories.filter((c) => c.id !== 'SP'),
      properties: tree.properties!.filter((p) => p.category_id !== 'SP'),
    })
    expect(res.json.result.categories).toMatchObject({ added: 0, changed: 0, removed: 1 })
    expect(await stamp(f.mc.FP!)).toEqual(before)
    expect(names((await tree$(f, `?parent_id=${f.mc.PH}`)).json.result.nodes)).toEqual(['Feature phones'])
    expect((await tree$(f, `?parent_id=${f.mc.PH}`)).json.result.progress.required_properties.total).toBe(1)
  })

  it('shows the mapping progress on the marketplaces list and detail', async () => {
    const f = await setup()
    await mapCat(f, f.mc.SP!, f.pc.Smartphones!, null)
    const listed = await get(f.token, 'admin-panal/marketplaces')
    expect(listed.status).toBe(200)
    expect(listed.json.result.marketplaces.data[0].mapping).toEqual({
      categories: { mapped: 1, total: 7 },
      required_properties: { mapped: 0, total: 2 },
    })
    const one = await get(f.token, `admin-panal/marketplaces/${f.marketplaceId}`)
    expect(one.json.result.item.mapping.categories).toEqual({ mapped: 1, total: 7 })
  })

  it('reads with marketplaces:view, maps with marketplaces:update, 403 otherwise', async () => {
    const f = await setup()
    const viewer = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, viewer.id, [marketplacesAccess.can.view])
    const viewerToken = await server.loginAdmin(viewer.email)
    const nobody = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, nobody.id, ['categories:view'])
    const nobodyToken = await server.loginAdmin(nobody.email)
    const reads = [mappingPaths.categories(f.marketplaceId), mappingPaths.suggestions(f.mc.SP!), mappingPaths.properties(f.mc.SP!)]
    for (const url of reads) {
      expect((await get(viewerToken, url)).status, url).toBe(200)
      expect((await get(nobodyToken, url)).status, url).toBe(403)
      expect((await server.request({ url: `/api/${url}` })).status, url).toBe(401)
    }
    const color = await propertyIdOf(f.mc.SP!, 'color')
    for (const token of [viewerToken, nobodyToken]) {
      expect((await post(token, mappingPaths.mapCategory(f.mc.SP!), { category_id: f.pc.Smartphones, expected: null })).status).toBe(403)
      expect(
        (await post(token, mappingPaths.mapProperty, { marketplace_property_id: color, property_id: null, expected: null })).status,
      ).toBe(403)
    }
    const editor = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, editor.id, [marketplacesAccess.can.update])
    const editorToken = await server.loginAdmin(editor.email)
    expect((await post(editorToken, mappingPaths.mapCategory(f.mc.SP!), { category_id: f.pc.Smartphones, expected: null })).status).toBe(
      200,
    )
  })

  it('answers hostile input with a 4xx, never a 500', async () => {
    const f = await setup()
    const expect4xx = (res: { status: number; json: { status?: unknown } }, where: string) => {
      expect(res.status, where).toBeGreaterThanOrEqual(400)
      expect(res.status, where).toBeLessThan(500)
      expect(res.json.status, where).toBe(false)
    }
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '2147483648', '1e3', '%00', '__proto__'])
      for (const url of [mappingPaths.categories(id), mappingPaths.suggestions(id), mappingPaths.properties(id)])
        expect4xx(await get(f.token, url), url)
    for (const id of ['abc', '0', '99999999999999999999'])
      expect4xx(await post(f.token, mappingPaths.mapCategory(id), { category_id: 1, expected: null }), id)
    const queries = [
      '?search=a%00b',
      `?search=${'x'.repeat(500)}`,
      '?search=a',
      '?status=maybe',
      '?leaves=2',
      '?limit=0',
      '?limit=100000',
      '?after=abc',
      '?after=99999999999',
      '?parent_id=-4',
      '?owner=1',
      '?__proto__=1',
      '?constructor=1',
      '?search[]=a',
      '?status=mapped&status=unmapped',
    ]
    for (const query of queries) expect4xx(await tree$(f, query), query)
    // a lone surrogate in the address: decoded as U+FFFD (a plain search) or refused, never a 5xx
    for (const query of ['?search=name%20%ED%A0%80', `?search=${'\ud800'}ab`, '?search=%ED%B0%80%ED%A0%80']) {
      const res = await tree$(f, query)
      expect(res.status, query).toBeLessThan(500)
      expect(typeof res.json.status, query).toBe('boolean')
    }
    const bodies: unknown[] = [
      JSON.parse('{"category_id": 1, "expected": null, "__proto__": {"x": 1}}'),
      { category_id: 1, expected: null, constructor: 1 },
      { category_id: '1', expected: null },
      { category_id: 2_147_483_648, expected: null },
      { category_id: 1 },
      {},
      [],
      null,
      'a\u0000b',
    ]
    for (const body of bodies) expect4xx(await post(f.token, mappingPaths.mapCategory(f.mc.SP!), body), JSON.stringify(body))
    const propertyBodies: unknown[] = [
      { marketplace_property_id: 1, property_id: null, expected: null, values: [{ marketplace_value_id: 1, value: 'a\u0000b' }] },
      { marketplace_property_id: 1, property_id: null, expected: null, values: [{ marketplace_value_id: 1, value: '\ud800' }] },
      { marketplace_property_id: 1, property_id: null, expected: null, values: [{ marketplace_value_id: 1, value: '' }] },
      { marketplace_property_id: 1, property_id: null, expected: null, values: 'x' },
      { marketplace_property_id: 1, property_id: null, expected: null, toString: 1 },
      JSON.parse(
        '{"marketplace_property_id": 1, "property_id": null, "expected": null, "values": [{"__proto__": {}, "marketplace_value_id": 1, "value": null}]}',
      ),
    ]
    for (const body of propertyBodies) expect4xx(await post(f.token, mappingPaths.mapProperty, body), JSON.stringify(body))
  })
})
