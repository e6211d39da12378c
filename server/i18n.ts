import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultLocale, type Locale, type MessageRef } from '../src/contract/common'
import { mergeFiles, type MessageTree } from '../src/i18n/merge'

/**
 * The server side of the message catalogue: the same JSON files as the SPA, so a message reads the
 * same wherever it is shown. Keys are dotted paths (`errors.invalidCredentials`), values use `{{x}}`.
 */

type Catalogue = { [key: string]: string | Catalogue }

const localesDir = fileURLToPath(new URL('../src/i18n/locales', import.meta.url))

/** A language's files (`src/i18n/locales/<lang>/*.json`: the app's and each module's), merged. */
function readCatalogue(locale: Locale): Catalogue {
  const dir = join(localesDir, locale)
  const files = readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => ({ name: `${locale}/${name}`, messages: JSON.parse(readFileSync(join(dir, name), 'utf8')) as MessageTree }))
  return mergeFiles(files) as Catalogue
}

const catalogues: Record<Locale, Catalogue> = { ar: readCatalogue('ar'), en: readCatalogue('en') }

function flatten(tree: Catalogue, prefix = '', out = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') out.set(path, value)
    else flatten(value, path, out)
  }
  return out
}

const flat: Record<Locale, Map<string, string>> = { ar: flatten(catalogues.ar), en: flatten(catalogues.en) }

/** True when `key` names a message of the catalogue (in the default locale). */
export function hasMessage(key: string): boolean {
  return flat[defaultLocale].has(key)
}

/** Reads the `Lang` header value (`ar` default, `en`); anything else falls back to `ar`. */
export function parseLang(value: unknown): Locale {
  const raw = Array.isArray(value) ? value[0] : value
  if (typeof raw !== 'string') return defaultLocale
  return raw.trim().toLowerCase().startsWith('en') ? 'en' : defaultLocale
}

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g

/**
 * Translates `key` into `locale`, interpolating `{{name}}` with `values`. A missing key falls back to
 * the default locale, then to the key itself (never throws: a message must not break a response).
 */
export function t(locale: Locale, key: string, values?: Record<string, string | number>): string {
  const template = flat[locale].get(key) ?? flat[defaultLocale].get(key) ?? key
  if (!values) return template
  return template.replace(PLACEHOLDER, (whole, name: string) => {
    const value = values[name]
    return value === undefined ? whole : String(value)
  })
}

/**
 * Translates a `MessageRef` (as built by the contract's `issueMessage`). A `type` value naming a JSON
 * type is translated too (`validation.typeNames.string`), so "must be string" reads naturally in Arabic.
 */
export function translateRef(locale: Locale, ref: MessageRef): string {
  let values = ref.values
  if (values && typeof values.type === 'string') {
    const typeKey = `validation.typeNames.${values.type}`
    if (flat[locale].has(typeKey)) values = { ...values, type: t(locale, typeKey) }
  }
  return t(locale, ref.key, values)
}

/** Field errors `{ field: [MessageRef] }` as translated strings. */
export function translateFieldErrors(locale: Locale, errors: Record<string, MessageRef[]> | undefined): Record<string, string[]> {
  // No prototype: field names come from the request (`constructor`, `__proto__`...).
  const out: Record<string, string[]> = Object.create(null)
  if (!errors) return out
  for (const [field, refs] of Object.entries(errors)) out[field] = refs.map((ref) => translateRef(locale, ref))
  return out
}
