import * as z from 'zod/mini'

/** Table defaults of spec sections 3 and 9. */
export const DEFAULT_PAGE_SIZE = 15
export const PAGE_SIZES = [15, 30, 50, 100] as const
const MAX_PAGE_SIZE = 100
export const FIRST_PAGE = 1
export const SEARCH_MIN_LENGTH = 2
export const SEARCH_DEBOUNCE_MS = 300
/** Above this many matching rows a list reports a capped count (`total_is_estimate`). */
export const EXACT_COUNT_LIMIT = 10_000

const sortDirectionSchema = z.enum(['asc', 'desc'])
export type SortDirection = z.infer<typeof sortDirectionSchema>

/** `pagesCount = ceil(total / pageSize)` (spec section 9). */
export const pagesCountOf = (total: number, pageSize: number) => Math.ceil(total / pageSize)

const queryInt = (min: number, max: number) => z.coerce.number().check(z.int(), z.gte(min), z.lte(max))

/**
 * The list query of one resource: pagination, an allowlisted sort column, a search term and the
 * resource's own filters. Anything else is refused (422), so nothing unknown reaches SQL.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]], F extends Record<string, z.ZodMiniType>>(
  sortColumns: S,
  filters: F,
) {
  return z.strictObject({
    pageSize: z.optional(queryInt(1, MAX_PAGE_SIZE)),
    page: z.optional(queryInt(1, 1_000_000)),
    sort_column: z.optional(z.enum(sortColumns as unknown as [S[number], ...S[number][]])),
    sort_direction: z.optional(sortDirectionSchema),
    search: z.optional(z.string().check(z.trim(), z.minLength(SEARCH_MIN_LENGTH), z.maxLength(100))),
    ...filters,
  })
}

/** `result[name]` of a list: `{ data, total, page, rowsPerPage, pagesCount }`. */
export const pageSchema = <T extends z.ZodMiniType>(item: T) =>
  z.object({
    data: z.array(item),
    total: z.int(),
    page: z.int(),
    rowsPerPage: z.int(),
    pagesCount: z.int(),
    /** True when `total` is a capped count (more rows than EXACT_COUNT_LIMIT match). */
    total_is_estimate: z.boolean(),
  })
export type Page<T> = {
  data: T[]
  total: number
  page: number
  rowsPerPage: number
  pagesCount: number
  total_is_estimate: boolean
}

/** A page of a short list counted exactly (a record's tab: its payments, its vendors). */
export const exactPage = <T>(data: T[], total: number, page: number, pageSize: number): Page<T> => ({
  data,
  total,
  page,
  rowsPerPage: pageSize,
  pagesCount: pagesCountOf(total, pageSize),
  total_is_estimate: false,
})

/** The query of a record's tab: a page of its rows. */
export const pageQuerySchema = z.strictObject({
  page: z.optional(queryInt(1, 100_000)),
  pageSize: z.optional(queryInt(1, MAX_PAGE_SIZE)),
})

/** Filter value of a yes/no column sent in a query string. */
export const queryBoolean = z.optional(z.enum(['0', '1']))

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** The years a day filter may name: wide enough for any record, inside what PostgreSQL and `Date` hold. */
const DATE_YEARS = { min: 1900, max: 2200 } as const
/** A real calendar day as `yyyy-mm-dd` within `DATE_YEARS` (2026-02-30, 2026-13-01 and 0000-01-01 are refused). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number]
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}
/** A filter of several values of one enumerated column: `a,b` in the query string, each allowed. */
export const queryOneOfMany = (allowed: readonly string[]) =>
  z.optional(z.string().check(z.refine((value) => value.split(',').every((v) => allowed.includes(v)), 'validation.oneOf')))

/** A day filter in a list's query string, `yyyy-mm-dd`. */
export const queryDate = z.optional(z.string().check(z.refine(isIsoDate, 'validation.format')))

/** One resource of the generic table: its list name, API path and permission module. */
export type ResourceDef = { name: string; path: string; module: string }

/** Paths of a generic resource (spec section 7), relative to the API base. */
export const resourcePaths = (path: string) => ({
  list: path,
  one: (id: number | string) => `${path}/${id}`,
  activeToggle: (id: number | string) => `${path}/active-toggle/${id}`,
  resolve: (id: number | string) => `${path}/resolve/${id}`,
  activate: (id: number | string) => `${path}/activate/${id}`,
})

export const corePaths = {
  list: (name: string) => `core/list/${name}`,
  common: 'core/common',
  mapping: (name: string, id: number | string) => `core/mapping/${name}/${id}`,
} as const

/** Edits carry the version they were made on; a stale one is refused with 409. */
export const versionSchema = z.int().check(z.gte(1))

/** An option of a select list (`core/list/{name}` -> `result.list`). */
/** An item of a select list; the items of a tree's list (the categories) name their parent too. */
export const listItemSchema = z.object({
  id: z.union([z.int(), z.string()]),
  name: z.string(),
  parent_id: z.optional(z.nullable(z.int())),
})
export type ListItem = z.infer<typeof listItemSchema>
