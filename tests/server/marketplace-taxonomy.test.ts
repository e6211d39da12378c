import { and, asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { marketplaceTaxonomyPath, type TaxonomyFile } from '../../src/contract/marketplaces'
import { auditLog } from '../../server/db/tables'
import { isAppError } from '../../server/lib/errors'
import {
  marketplaceCategories,
  marketplaceProperties,
  marketplacePropertyValues,
  marketplaces,
} from '../../server/modules/marketplaces/schema'
import { readTaxonomy } from '../../server/modules/marketplaces/taxonomy'
import { backends, grantRole, multipart, useTestServer, type TestServer } from './helpers'

const url = (id: number) => `/api/${marketplaceTaxonomyPath(id)}`

/** Electronics > Phones > Smartphones, Electronics > Laptops, Home; smartphones have a required colour and storage. */
const tree: TaxonomyFile = {
  categories: [
    { id: 'EL', parent_id: null, name_ar: 'إلكترونيات', name_en: 'Electronics' },
    { id: 'PH', parent_id: 'EL', name_ar: 'هواتف', name_en: 'Phones' },
    { id: 'SP', parent_id: 'PH', name_ar: 'هواتف ذكية', name_en: 'Smartphones' },
    { id: 'LP', parent_id: 'EL', name_ar: 'حواسيب محمولة', name_en: 'Laptops' },
    { id: 'HM', name_ar: 'المنزل', name_en: 'Home' },
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
    { id: 'color', category_id: 'LP', name_ar: 'اللون', name_en: 'Colour', type: 'COLOR' },
  ],
}

/** The same tree in the CSV form: a quoted name with a comma, a line break inside quotes, CRLF lines and a BOM. */
const csv = [
  '\uFEFFkind,id,parent_id,name_ar,name_en,type,required',
  'category,EL,,إلكترونيات,Electronics,,',
  'category,PH,EL,هواتف,Phones,,',
  'category,SP,PH,هواتف ذكية,Smartphones,,',
  'category,LP,EL,حواسيب محمولة,Laptops,,',
  'category,HM,,المنزل,Home,,',
  'property,color,SP,اللون,Colour,SELECT,true',
  'value,black,color,أسود,Black,,',
  'value,white,color,أبيض,White,,',
  'property,storage,SP,السعة,Storage,NUMBER,',
  'property,color,LP,اللون,Colour,COLOR,0',
].join('\r\n')

const json = (file: unknown) => multipart('taxonomy.json', 'application/json', JSON.stringify(file))

async function insertMarketplace(server: TestServer): Promise<number> {
  const [row] = await server.db
    .insert(marketplaces)
    .values({ nameAr: 'نون', nameEn: 'Noon', website: 'https://www.noon.com' })
    .returning({ id: marketplaces.id })
  return row!.id
}

/** The marketplace's taxonomy as rows: categories with their parent's external id, properties, values. */
async function stored(server: TestServer, marketplaceId: number) {
  const categories = await server.db
    .select({
      id: marketplaceCategories.id,
      externalId: marketplaceCategories.externalId,
      parentId: marketplaceCategories.parentId,
      nameEn: marketplaceCategories.nameEn,
    })
    .from(marketplaceCategories)
    .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    .orderBy(asc(marketplaceCategories.externalId))
  const external = new Map(categories.map((c) => [c.id, c.externalId]))
  const properties = await server.db
    .select({
      id: marketplaceProperties.id,
      category: marketplaceCategories.externalId,
      externalId: marketplaceProperties.externalId,
      type: marketplaceProperties.type,
      required: marketplaceProperties.required,
    })
    .from(marketplaceProperties)
    .innerJoin(marketplaceCategories, eq(marketplaceCategories.id, marketplaceProperties.categoryId))
    .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    .orderBy(asc(marketplaceCategories.externalId), asc(marketplaceProperties.externalId))
  const values = await server.db
    .select({
      id: marketplacePropertyValues.id,
      property: marketplaceProperties.externalId,
      externalId: marketplacePropertyValues.externalId,
      valueEn: marketplacePropertyValues.valueEn,
    })
    .from(marketplacePropertyValues)
    .innerJoin(marketplaceProperties, eq(marketplaceProperties.id, marketplacePropertyValues.propertyId))
    .innerJoin(marketplaceCategories, eq(marketplaceCategories.id, marketplaceProperties.categoryId))
    .where(eq(marketplaceCategories.marketplaceId, marketplaceId))
    .orderBy(asc(marketplacePropertyValues.externalId))
  return {
    categories: categories.map((c) => ({ ...c, parent: c.parentId === null ? null : (external.get(c.parentId) ?? '?') })),
    properties,
    values,
  }
}

const shape = (s: Awaited<ReturnType<typeof stored>>) => ({
  categories: s.categories.map((c) => [c.externalId, c.parent, c.nameEn]),
  properties: s.properties.map((p) => [p.category, p.externalId, p.type, p.required]),
  values: s.values.map((v) => [v.property, v.externalId, v.valueEn]),
})

describe('reading a taxonomy file', () => {
  const refusal = (upload: Parameters<typeof readTaxonomy>[0]) => {
    try {
      readTaxonomy(upload)
    } catch (error) {
      if (isAppError(error)) return { status: error.statusCode, errors: error.fieldErrors }
      throw error
    }
    throw new Error('the file was accepted')
  }

  it('refuses a missing, a cut-off or an over-large file by name, and reads the CSV and JSON forms alike', () => {
    expect(refusal(null)).toEqual({ status: 422, errors: { file: [{ key: 'validation.required' }] } })
    expect(refusal({ bytes: Buffer.from(JSON.stringify(tree)), truncated: true, filename: 'a.json' }).errors.file![0]!.key).toBe(
      'errors.fileTooLarge',
    )
    const fromCsv = readTaxonomy({ bytes: Buffer.from(csv), truncated: false, filename: 'noon.csv' })
    const fromJson = readTaxonomy({ bytes: Buffer.from(JSON.stringify(tree)), truncated: false, filename: 'noon.json' })
    expect(fromCsv.categories).toEqual(fromJson.categories.map((c) => ({ ...c, parent_id: c.parent_id ?? null })))
    expect(fromCsv.properties).toEqual(fromJson.properties!.map((p) => ({ ...p, required: p.required ?? false, values: p.values ?? [] })))
  })

  it('keeps a quoted comma and line break in a CSV name, and reports a CSV fault at its line', () => {
    const quoted = 'kind,id,parent_id,name_ar,name_en,type,required\ncategory,A,,"أ، ب","Toys, games\nand more",,\ncategory,B,A,ب,,,'
    const faults = refusal({ bytes: Buffer.from(quoted), truncated: false, filename: 'a.csv' })
    // the second category is on line 4 (the quoted name spans lines 2 and 3); its English name is empty
    expect(Object.keys(faults.errors)).toEqual(['lines.4.name_en'])
    const fixed = readTaxonomy({ bytes: Buffer.from(quoted.replace('ب,,,', 'ب,B,,')), truncated: false, filename: 'a.csv' })
    expect(fixed.categories[0]).toMatchObject({ name_ar: 'أ، ب', name_en: 'Toys, games\nand more' })
  })
})

describe.each(backends)('a marketplace taxonomy import on $name', (backend) => {
  const server = useTestServer(backend)
  const primary = async () => server.loginAdmin((await server.createAdmin({ userType: 'primary' })).email)
  const post = (token: string, id: number, body: { payload: Buffer; contentType: string }) =>
    server.request({ method: 'POST', url: url(id), token, lang: 'en', ...body })

  it('imports the tree, its properties and values, says what it did, and audits it', async () => {
    const token = await primary()
    const id = await insertMarketplace(server)
    const res = await post(token, id, json(tree))
    expect(res.status).toBe(200)
    expect(res.json.message).toBe('Taxonomy imported.')
    expect(res.json.result).toEqual({
      categories: { added: 5, changed: 0, removed: 0, total: 5 },
      properties: { added: 3, changed: 0, removed: 0, total: 3 },
      values: { added: 2, changed: 0, removed: 0, total: 2 },
    })
    expect(shape(await stored(server, id))).toEqual({
      categories: [
        ['EL', null, 'Electronics'],
        ['HM', null, 'Home'],
        ['LP', 'EL', 'Laptops'],
        ['PH', 'EL', 'Phones'],
        ['SP', 'PH', 'Smartphones'],
      ],
      properties: [
        ['LP', 'color', 'COLOR', false],
        ['SP', 'color', 'SELECT', true],
        ['SP', 'storage', 'NUMBER', false],
      ],
      values: [
        ['color', 'black', 'Black'],
        ['color', 'white', 'White'],
      ],
    })
    const audit = await server.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.resource, 'marketplaces'), eq(auditLog.action, 'import')))
    expect(audit).toHaveLength(1)
    expect(audit[0]).toMatchObject({ recordId: id, changes: { taxonomy: { from: null, to: res.json.result } } })
  })

  it('changes nothing on a second run of the same file, in either form, and keeps every row', async () => {
    const token = await primary()
    const id = await insertMarketplace(server)
    expect((await post(token, id, json(tree))).status).toBe(200)
    const first = await stored(server, id)
    for (const body of [json(tree), multipart('taxonomy.csv', 'text/csv', csv)]) {
      const again = await post(token, id, body)
      expect(again.status).toBe(200)
      for (const kind of ['categories', 'properties', 'values'] as const)
        expect(again.json.result[kind]).toMatchObject({ added: 0, changed: 0, removed: 0 })
      expect(await stored(server, id)).toEqual(first)
    }
  })

  it('updates by the marketplace ids: renamed and moved in place, new ones added, missing ones removed with what hangs under them', async () => {
    const token = await primary()
    const id = await insertMarketplace(server)
    await post(token, id, json(tree))
    const before = await stored(server, id)
    const next: TaxonomyFile = {
      categories: [
        { id: 'EL', name_ar: 'إلكترونيات', name_en: 'Electronics & gadgets' },
        { id: 'PH', parent_id: 'EL', name_ar: 'هواتف', name_en: 'Phones' },
        // moved from Phones to the top
        { id: 'SP', parent_id: null, name_ar: 'هواتف ذكية', name_en: 'Smartphones' },
        // Laptops (and its colour) gone; a new one under Home
        { id: 'HM', name_ar: 'المنزل', name_en: 'Home' },
        { id: 'KT', parent_id: 'HM', name_ar: 'المطبخ', name_en: 'Kitchen' },
      ],
      properties: [
        {
          id: 'color',
          category_id: 'SP',
          name_ar: 'اللون',
          name_en: 'Colour',
          type: 'SELECT',
          required: false,
          values: [
            { id: 'black', value_ar: 'أسود', value_en: 'Jet black' },
            { id: 'blue', value_ar: 'أزرق', value_en: 'Blue' },
          ],
        },
        { id: 'storage', category_id: 'SP', name_ar: 'السعة', name_en: 'Storage', type: 'NUMBER' },
      ],
    }
    const res = await post(token, id, json(next))
    expect(res.status).toBe(200)
    expect(res.json.result).toEqual({
      categories: { added: 1, changed: 2, removed: 1, total: 5 },
      properties: { added: 0, changed: 1, removed: 1, total: 2 },
      values: { added: 1, changed: 1, removed: 1, total: 2 },
    })
    const after = await stored(server, id)
    expect(shape(after)).toEqual({
      categories: [
        ['EL', null, 'Electronics & gadgets'],
        ['HM', null, 'Home'],
        ['KT', 'HM', 'Kitchen'],
        ['PH', 'EL', 'Phones'],
        ['SP', null, 'Smartphones'],
      ],
      properties: [
        ['SP', 'color', 'SELECT', false],
        ['SP', 'storage', 'NUMBER', false],
      ],
      values: [
        ['color', 'black', 'Jet black'],
        ['color', 'blue', 'Blue'],
      ],
    })
    // what stayed kept its row
    const idOf = (s: typeof before, ext: string) => s.categories.find((c) => c.externalId === ext)?.id
    for (const ext of ['EL', 'PH', 'SP', 'HM']) expect(idOf(after, ext)).toBe(idOf(before, ext))
    expect(after.values.find((v) => v.externalId === 'black')?.id).toBe(before.values.find((v) => v.externalId === 'black')?.id)
  })

  it('refuses a file whose tree does not hold together, naming the item (or the CSV line), and writes nothing', async () => {
    const token = await primary()
    const id = await insertMarketplace(server)
    const cases: [unknown, Record<string, string>][] = [
      [
        { categories: [...tree.categories, { id: 'X', parent_id: 'NOPE', name_ar: 'س', name_en: 'X' }] },
        { 'categories.5.parent_id': 'No category in the file has this id.' },
      ],
      [
        { categories: [...tree.categories, { id: 'PH', name_ar: 'س', name_en: 'X' }] },
        { 'categories.5.id': 'This id appears more than once.' },
      ],
      [
        {
          categories: [
            { id: 'A', parent_id: 'B', name_ar: 'أ', name_en: 'A' },
            { id: 'B', parent_id: 'A', name_ar: 'ب', name_en: 'B' },
          ],
        },
        { 'categories.0.parent_id': "These categories are each other's parents: the tree has a loop." },
      ],
      [
        { categories: tree.categories, properties: [{ ...tree.properties![1], category_id: 'NOPE' }] },
        { 'properties.0.category_id': 'No category in the file has this id.' },
      ],
      [{ categories: tree.categories, properties: [{ ...tree.properties![1], type: 'VIDEO' }] }, { 'properties.0.type': '' }],
      [{ categories: [] }, { categories: '' }],
    ]
    for (const [file, expected] of cases) {
      const res = await post(token, id, json(file))
      expect(res.status, JSON.stringify(file).slice(0, 80)).toBe(422)
      expect(Object.keys(res.json.errors)).toEqual(Object.keys(expected))
      for (const [key, message] of Object.entries(expected)) if (message) expect(res.json.errors[key]).toEqual([message])
    }
    const csvCases: [string, string[]][] = [
      [`${csv}\r\nshelf,S1,,رف,Shelf,,`, ['lines.12']],
      [`${csv}\r\nvalue,red,storage,أحمر,Red,,`, ['lines.12']],
      [`${csv}\r\nproperty,size,SP,المقاس,Size,TEXT,maybe`, ['lines.12.required']],
      ['id,kind\r\nEL,category', ['file']],
      ['kind,id,parent_id,name_ar,name_en,type,required\n"category,EL,,x,y,,', ['file']],
    ]
    for (const [text, keys] of csvCases) {
      const res = await post(token, id, multipart('noon.csv', 'text/csv', text))
      expect(res.status, text.slice(-40)).toBe(422)
      expect(Object.keys(res.json.errors)).toEqual(keys)
    }
    expect(shape(await stored(server, id))).toEqual({ categories: [], properties: [], values: [] })
  })

  it('answers hostile uploads with a 4xx, never a 500', async () => {
    const token = await primary()
    const id = await insertMarketplace(server)
    const named = (extra: Record<string, unknown>) => ({ categories: [{ id: 'A', name_ar: 'أ', name_en: 'A', ...extra }] })
    const bodies: [{ payload: Buffer; contentType: string }, number][] = [
      [json(named({ name_en: 'A\u0000B' })), 422],
      [multipart('t.json', 'application/json', '{"categories":[{"id":"A","name_ar":"\\ud800","name_en":"A"}]}'), 422],
      [multipart('t.json', 'application/json', '{"categories":[{"id":"A","name_ar":"أ","name_en":"A","__proto__":{"admin":true}}]}'), 422],
      [json(named({ constructor: 'x' })), 422],
      [json({ categories: [{ id: 'A', name_ar: 'أ', name_en: 'A' }], constructor: {} }), 422],
      [multipart('t.json', 'application/json', '{"categories":[{"id":"A"'), 422],
      [multipart('t.json', 'application/json', Buffer.from([0x7b, 0xff, 0xfe, 0x7d])), 422],
      [multipart('t.bin', 'application/octet-stream', Buffer.from([0, 1, 2, 3])), 422],
      [json([1, 2, 3]), 422],
      [json({ categories: [{ id: 'A'.repeat(121), name_ar: 'أ', name_en: 'A' }] }), 422],
      [multipart('t.json', 'application/json', JSON.stringify(tree), 'document'), 422],
      // a body cut off mid-file
      [{ payload: json(tree).payload.subarray(0, 200), contentType: json(tree).contentType }, 400],
    ]
    for (const [body, status] of bodies) {
      const res = await post(token, id, body)
      expect(res.status, body.payload.subarray(0, 120).toString()).toBe(status)
    }
    const plain = await server.request({ method: 'POST', url: url(id), token, lang: 'en', body: tree })
    expect(plain.status).toBe(415)
    expect(shape(await stored(server, id))).toEqual({ categories: [], properties: [], values: [] })
    expect(Object.getPrototypeOf({}).admin).toBeUndefined()
  })

  it('needs marketplaces:update, and a marketplace that exists', async () => {
    const id = await insertMarketplace(server)
    const viewer = await server.createAdmin({ userType: 'sub' })
    await grantRole(server, viewer.id, ['marketplaces:view'])
    const res = await post(await server.loginAdmin(viewer.email), id, json(tree))
    expect(res.status).toBe(403)
    const token = await primary()
    expect((await post(token, id + 1000, json(tree))).status).toBe(404)
    expect(shape(await stored(server, id)).categories).toEqual([])
  })
})
