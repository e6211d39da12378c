import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { backends, useTestServer, type TestServer } from './helpers'

/**
 * Hostile input generated from the contract, for every endpoint the server documents: bodies and
 * query strings built from each route's own JSON schema (in /api/docs) and then broken (wrong types,
 * extreme sizes, odd unicode with NUL bytes and lone surrogates, prototype-polluting keys, unknown
 * fields that would be mass-assigned, injection strings in sort, filters and search, impossible and
 * out-of-range dates, malformed JSON, odd ids in the path). Whatever arrives, the server answers in
 * its envelope without a 5xx, a stack or an internal message, and never accepts a field its schema
 * does not have. `FUZZ_RUNS` inputs per endpoint (default 1000); the seed is fixed under CI and
 * random elsewhere (`FUZZ_SEED` to replay one), printed either way and with each failure. On the
 * PostgreSQL server when one is set (it answers a few requests side by side), else on PGlite.
 */

const RUNS = Number(process.env.FUZZ_RUNS ?? 1000)
/** Requests of one endpoint in flight at once. */
const IN_FLIGHT = 8
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : process.env.CI ? 20_261_124 : Math.floor(Math.random() * 2 ** 31)

type Schema = {
  type?: string | string[]
  enum?: unknown[]
  properties?: Record<string, Schema>
  required?: string[]
  items?: Schema
  anyOf?: Schema[]
  oneOf?: Schema[]
  format?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
}
type Parameter = { in: string; name: string; required?: boolean; schema?: Schema }
type Operation = {
  method: string
  /** The documented path, `{id}` style. */
  path: string
  body: Schema | null
  query: Parameter[]
  security: boolean
}

const ODD_STRINGS = [
  '',
  ' ',
  'a\u0000b',
  '\u0000',
  'name \ud800',
  '\udc00 name',
  '\u202eevil',
  '😀'.repeat(50),
  'x'.repeat(10_000),
  "' OR 1=1 --",
  '"; drop table admins; --',
  '${7*7}{{7*7}}',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  '../../etc/passwd',
  '%00',
  '\\',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '2026-02-30',
  '0000-01-01',
  '9999-12-31',
  '2026-13-01T25:61:61Z',
  'constructor',
  '__proto__',
  'toString',
  'id',
  'name;select 1',
  'name asc, (select 1)',
]
const WRONG_TYPES: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  -0.001,
  1e308,
  -1e308,
  2 ** 53,
  'x',
  [],
  [1, 2],
  {},
  { a: 1 },
  '9'.repeat(400),
]
const PROTOTYPE_KEYS = ['__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', '__defineGetter__']
/** Keys no write schema has: accepting one would be a mass assignment. */
const FOREIGN_KEYS = [
  'id',
  'is_primary',
  'permissions',
  'password_hash',
  'created_at',
  'updated_at',
  'admin_id',
  'role',
  'deleted_at',
  'balance',
]
const ODD_IDS = ['0', '-1', '1.5', '2147483648', '99999999999999999999', 'abc', '1e3', '%00', '%2e%2e', ' 1', '0x10', 'null']

const types = (schema: Schema): string[] => (Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [])

/** Values a well-meaning client could send for `schema` (within its bounds, mostly). */
function plausible(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum)
  const variants = [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])]
  if (variants.length) return fc.oneof(...variants.map((v) => plausible(v, depth + 1)))
  const options: fc.Arbitrary<unknown>[] = []
  for (const type of types(schema)) {
    if (type === 'null') options.push(fc.constant(null))
    if (type === 'boolean') options.push(fc.boolean())
    if (type === 'integer') {
      const min = Math.max(schema.minimum ?? -1000, -(2 ** 31))
      const max = Math.min(schema.maximum ?? 100_000, 2 ** 31)
      const low = Math.min(min, max)
      const high = Math.max(min, max)
      // mostly small values (a page, an id, an amount a client would send), sometimes anywhere in range
      options.push(
        fc.oneof(
          { arbitrary: fc.integer({ min: Math.max(low, 0), max: Math.max(Math.min(high, 50), Math.max(low, 0)) }), weight: 4 },
          { arbitrary: fc.integer({ min: low, max: high }), weight: 1 },
        ),
      )
    }
    if (type === 'number') options.push(fc.double({ min: schema.minimum ?? -1e6, max: schema.maximum ?? 1e9, noNaN: true }))
    if (type === 'string') {
      const maxLength = Math.min(schema.maxLength ?? 40, 80)
      if (schema.format === 'email') options.push(fc.emailAddress())
      else options.push(fc.string({ minLength: Math.min(schema.minLength ?? 0, maxLength), maxLength }))
      options.push(fc.constantFrom('2026-12-01', '2027-01-31', 'كتب ومجلات', 'Books', 'abc', '3' + '0'.repeat(13) + '3'))
    }
    if (type === 'array' && depth < 3) options.push(fc.array(plausible(schema.items ?? {}, depth + 1), { maxLength: 4 }))
    if (type === 'object' && depth < 3) options.push(objectOf(schema, depth + 1))
  }
  return options.length ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 2 })
}

function objectOf(schema: Schema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {}
  const keys = Object.keys(props)
  if (keys.length === 0) return fc.constant({})
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const key of keys) record[key] = plausible(props[key] ?? {}, depth)
  return fc.record(record, { requiredKeys: (schema.required ?? []).filter((k) => keys.includes(k)) })
}

/** Anything at all in place of a value: wrong types, odd strings, whole JSON documents. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...WRONG_TYPES),
  fc.constantFrom(...ODD_STRINGS),
  fc.jsonValue({ maxDepth: 3 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
)

type Body = { text: string; foreign: boolean }

/** A JSON text for a body: plausible, one field broken, a key it must refuse, or not even JSON. */
function bodyOf(schema: Schema): fc.Arbitrary<Body> {
  const keys = Object.keys(schema.properties ?? {})
  const base = objectOf(schema, 0)
  const json = (value: unknown, foreign = false): Body => ({ text: JSON.stringify(value), foreign })
  return fc.oneof(
    base.map((value) => json(value)),
    keys.length
      ? fc.tuple(base, fc.constantFrom(...keys), hostileValue).map(([value, key, bad]) => json({ ...value, [key]: bad }))
      : base.map((value) => json(value)),
    fc
      .tuple(base, fc.constantFrom(...FOREIGN_KEYS.filter((k) => !keys.includes(k))), plausible({ type: ['string', 'integer', 'boolean'] }))
      .map(([value, key, extra]) => json({ ...value, [key]: extra }, true)),
    // a prototype key as the body's own key (only raw JSON text carries `__proto__` as a key)
    fc.tuple(base, fc.constantFrom(...PROTOTYPE_KEYS.filter((k) => !keys.includes(k)))).map(([value, key]) => ({
      text: `{${JSON.stringify(key)}:{"is_primary":true,"permissions":["*"]}${Object.keys(value).length ? ',' : ''}${JSON.stringify(value).slice(1)}`,
      foreign: true,
    })),
    fc.jsonValue({ maxDepth: 3 }).map((value) => json(value, true)),
    fc
      .constantFrom('', '{', '{"a":', 'null', '[]', '"text"', '{"a":1}}', '\u0000', '{"email":"\\ud800"}', '{"a":"\\u0000"}')
      .map((text) => ({
        text,
        foreign: true,
      })),
  )
}

/**
 * A query string: the route's own parameters with plausible values, then (as with bodies) one of
 * them broken, a key it must refuse, or a key given twice, so most inputs get past the first check.
 */
function queryOf(parameters: Parameter[]): fc.Arbitrary<string> {
  const names = parameters.map((p) => p.name)
  const plausibleQuery = fc.tuple(
    ...parameters.map((p) =>
      fc.option(
        plausible(p.schema ?? { type: 'string' }).map((v) => [p.name, typeof v === 'string' ? v : JSON.stringify(v)] as const),
        { nil: null },
      ),
    ),
  )
  const text = (pairs: readonly (readonly [string, string] | null)[]) => {
    const query = new URLSearchParams()
    for (const pair of pairs) if (pair) query.append(pair[0], pair[1])
    const out = query.toString()
    return out ? `?${out}` : ''
  }
  const anyString = fc.oneof(
    fc.constantFrom(...ODD_STRINGS),
    hostileValue.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))),
  )
  return fc.oneof(
    plausibleQuery.map(text),
    names.length
      ? fc
          .tuple(plausibleQuery, fc.constantFrom(...names), anyString)
          .map(([pairs, name, bad]) => text([...pairs.filter((pair) => pair?.[0] !== name), [name, bad] as const]))
      : plausibleQuery.map(text),
    fc
      .tuple(plausibleQuery, fc.constantFrom(...PROTOTYPE_KEYS, ...FOREIGN_KEYS, 'filter[is_active]'), anyString)
      .map(([pairs, key, value]) => text([...pairs, [key, value] as const])),
    names.length
      ? fc
          .tuple(plausibleQuery, fc.constantFrom(...names), fc.constantFrom('1', 'a', ''))
          .map(([pairs, name, value]) => text([...pairs, [name, value] as const, [name, value] as const]))
      : plausibleQuery.map(text),
  )
}

const pathOf = (path: string): fc.Arbitrary<string> =>
  path.includes('{')
    ? fc
        .tuple(
          ...[...path.matchAll(/\{[^}]+\}/g)].map(() => fc.oneof(fc.integer({ min: 1, max: 30 }).map(String), fc.constantFrom(...ODD_IDS))),
        )
        .map((ids) => {
          let i = 0
          return path.replace(/\{[^}]+\}/g, () => ids[i++] ?? '1')
        })
    : fc.constant(path)

async function operations(server: TestServer): Promise<Operation[]> {
  const docs = (await server.request({ url: '/api/docs' })).json as {
    paths: Record<
      string,
      Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> }; parameters?: Parameter[]; security?: unknown[] }>
    >
  }
  const out: Operation[] = []
  for (const [path, methods] of Object.entries(docs.paths))
    for (const [method, op] of Object.entries(methods))
      out.push({
        method: method.toUpperCase(),
        path,
        body: op.requestBody?.content?.['application/json']?.schema ?? null,
        query: (op.parameters ?? []).filter((p) => p.in === 'query'),
        security: Boolean(op.security?.length),
      })
  return out
}

/** What no answer may contain: a stack, a source path, a driver's or the runtime's own words. */
const INTERNAL =
  /node_modules|\.ts:\d+|\n\s+at |TypeError|ReferenceError|RangeError|Cannot read|is not a function|undefined is|invalid input syntax|violates|duplicate key|relation "|column "|syntax error at/

// on the PostgreSQL server when there is one (it answers several requests at once), else on PGlite
describe.each(backends.slice(-1))('generated hostile input on $name', (backend) => {
  const server = useTestServer(backend)

  it('documents every route the server answers', async () => {
    const documented = new Set((await operations(server)).map((op) => `${op.method} ${op.path.replace(/\{([^}]+)\}/g, ':$1')}`))
    const answered = server.app.routeAccess
      .filter((r) => r.method !== 'HEAD' && r.url !== '/api/docs' && !r.url.includes('*'))
      .map((r) => `${r.method} ${r.url}`)
    expect(answered.filter((route) => !documented.has(route))).toEqual([])
  })

  it(`answers ${RUNS} generated inputs per endpoint without a 5xx, a leak or a mass assignment (seed ${SEED})`, async () => {
    const ops = await operations(server)
    expect(ops.length).toBeGreaterThan(20)
    const admin = await server.createAdmin({ userType: 'primary' })
    const user = await server.createUser()
    let sent = 0
    const statuses = new Map<string, number>()
    for (const [index, op] of ops.entries()) {
      // each endpoint with fresh sessions: a sign-out or a password change only ends its own
      const adminToken = await server.loginAdmin(admin.email)
      const userToken = await server.loginUser(user.email)
      const input = fc.record({
        path: pathOf(op.path),
        query: queryOf(op.query),
        body: op.body ? bodyOf(op.body) : fc.constant(null),
        who: fc.constantFrom('owner', 'owner', 'owner', 'none', 'forged'),
        lang: fc.constantFrom('ar', 'en', 'fr', '', '../../'),
      })
      // the same inputs for the same seed; sent a few at a time (a PostgreSQL server answers them side by side)
      const inputs = fc.sample(input, { numRuns: RUNS, seed: SEED + index })
      const send = async ({ path, query, body, who, lang }: (typeof inputs)[number]) => {
        sent += 1
        const owner = path.includes('/admin-panal/') ? adminToken : userToken
        const token = who === 'owner' ? owner : who === 'forged' ? 'forged-token-0000000000000000000000000000' : undefined
        const res = await server.app.inject({
          // from an address of its own: the inputs' failed sign-ins spend its limits, not the test's
          remoteAddress: '203.0.113.7',
          method: op.method as 'GET',
          url: `${path}${query}`,
          headers: {
            ...(token ? { authorization: `Bearer ${token}` } : {}),
            ...(lang ? { lang } : {}),
            ...(body ? { 'content-type': 'application/json' } : {}),
          },
          ...(body && op.method !== 'GET' ? { payload: body.text } : {}),
        })
        if (process.env.FUZZ_DEBUG)
          statuses.set(`${op.method} ${op.path} ${res.statusCode}`, (statuses.get(`${op.method} ${op.path} ${res.statusCode}`) ?? 0) + 1)
        const where = `(seed ${SEED + index}) ${op.method} ${path}${query} ${body?.text.slice(0, 300) ?? ''} -> ${res.statusCode} ${res.body.slice(0, 300)}`
        if (res.statusCode >= 500) throw new Error(`5xx: ${where}`)
        if (INTERNAL.test(res.body)) throw new Error(`internal words in the answer: ${where}`)
        if (res.headers['content-type']?.toString().includes('application/json')) {
          const json = JSON.parse(res.body) as { status?: unknown; message?: unknown }
          if (typeof json.status !== 'boolean' || typeof json.message !== 'string') throw new Error(`not the envelope: ${where}`)
          if (res.statusCode >= 400 && json.status !== false) throw new Error(`an error marked as success: ${where}`)
        }
        if (body?.foreign && res.statusCode < 300) throw new Error(`accepted a body with a field it does not have: ${where}`)
      }
      for (let at = 0; at < inputs.length; at += IN_FLIGHT) await Promise.all(inputs.slice(at, at + IN_FLIGHT).map(send))
    }
    if (process.env.FUZZ_DEBUG) console.log([...statuses].map(([k, v]) => `${k}: ${v}`).join('\n'))
    console.log(`generated input: ${sent} requests over ${ops.length} endpoints (seed ${SEED})`)
  }, 1_800_000)
})
