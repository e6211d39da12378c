import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, type Locale } from '../contract/common'
import type { Catalogue } from './catalogue'

// each part's import() on its own, so that no other file is preloaded with it
const parts = {
  ar: { start: () => import('./ar'), more: () => import('./ar-more') },
  en: { start: () => import('./en'), more: () => import('./en-more') },
} as const
export type CataloguePart = keyof (typeof parts)['ar']

/**
 * A part of one language's messages, fetched when first needed: `start` (the app's and signing in:
 * what every page needs) or `more` (the modules', before their screens open).
 */
export const loadCatalogue = async (locale: Locale, part: CataloguePart = 'start'): Promise<Catalogue> =>
  (await parts[locale][part]()).default as Catalogue

/** The languages of an instance that hold the modules' messages too. */
const withMore = new WeakMap<I18n, Set<Locale>>()
/** The instances a screen asked every message of: a language added later gets them all too. */
const wanted = new WeakSet<I18n>()

async function addMore(i18n: I18n, locale: Locale): Promise<void> {
  const done = withMore.get(i18n) ?? new Set<Locale>()
  withMore.set(i18n, done)
  if (done.has(locale)) return
  const more = await loadCatalogue(locale, 'more')
  if (done.has(locale)) return
  i18n.addResourceBundle(locale, 'translation', more, true, false)
  done.add(locale)
}

/**
 * Adds the modules' messages to every language the instance has (fetched once); resolves when they
 * are there. A screen that needs more than the start's messages opens after this.
 */
export async function completeCatalogues(i18n: I18n): Promise<void> {
  wanted.add(i18n)
  const languages = (Object.keys(parts) as Locale[]).filter((l) => i18n.hasResourceBundle(l, 'translation'))
  await Promise.all(languages.map((l) => addMore(i18n, l)))
}

/**
 * One i18next instance for the SPA with the catalogues at hand (the language shown at start; the
 * other is added by `addLanguage` when it arrives); the locale chart drives its language.
 */
export function createI18n(lng: Locale, catalogues: Partial<Record<Locale, Catalogue>>): I18n {
  const instance = i18next.createInstance()
  // copies: adding a part later merges into the instance's bundle, never into a loaded file's object
  const resources = Object.fromEntries(Object.entries(catalogues).map(([l, c]) => [l, { translation: { ...c } }]))
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
    // a language added later shows at once
    react: { bindI18nStore: 'added' },
  })
  return instance
}

/** Whether `locale` can be shown at once: its messages are there, all of them if a screen asked for all. */
export const hasLanguage = (i18n: I18n, locale: Locale): boolean =>
  i18n.hasResourceBundle(locale, 'translation') && (!wanted.has(i18n) || Boolean(withMore.get(i18n)?.has(locale)))

/** Makes `locale`'s messages available (fetched once), all of them once a screen asked for all; resolves when they are. */
export async function addLanguage(i18n: I18n, locale: Locale): Promise<void> {
  if (!i18n.hasResourceBundle(locale, 'translation')) {
    const start = await loadCatalogue(locale)
    if (!i18n.hasResourceBundle(locale, 'translation')) i18n.addResourceBundle(locale, 'translation', { ...start }, true, false)
  }
  if (wanted.has(i18n)) await addMore(i18n, locale)
}
