import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, type Locale } from '../contract/common'
import type { Catalogue } from './catalogue'

// each language's import() on its own, so that the other's file is not preloaded with it
const arabic = async () => (await import('./ar')).default
const english = async () => (await import('./en')).default

/** One language's messages, fetched when first needed (one file per language). */
export const loadCatalogue = (locale: Locale): Promise<Catalogue> => (locale === 'ar' ? arabic() : english())

/**
 * One i18next instance for the SPA with the catalogues at hand (the language shown at start; the
 * other is added by `addLanguage` when it arrives); the locale chart drives its language.
 */
export function createI18n(lng: Locale, catalogues: Partial<Record<Locale, Catalogue>>): I18n {
  const instance = i18next.createInstance()
  const resources = Object.fromEntries(Object.entries(catalogues).map(([l, c]) => [l, { translation: c }]))
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

/** Makes `locale`'s messages available (fetched once); resolves when they are. */
export async function addLanguage(i18n: I18n, locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return
  i18n.addResourceBundle(locale, 'translation', await loadCatalogue(locale))
}
