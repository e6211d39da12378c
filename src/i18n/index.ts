import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, directionOf, type Locale } from '../contract'
import ar from './locales/ar.json'
import en from './locales/en.json'

export const resources = { ar: { translation: ar }, en: { translation: en } } as const

/** One i18next instance for the SPA; the locale chart drives its language. */
export function createI18n(lng: Locale = defaultLocale): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources,
    lng,
    fallbackLng: defaultLocale,
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  })
  return instance
}

/** `<html lang dir>` follow the language. */
export function applyDocumentLanguage(locale: Locale) {
  if (typeof document === 'undefined') return
  document.documentElement.lang = locale
  document.documentElement.dir = directionOf(locale)
}
