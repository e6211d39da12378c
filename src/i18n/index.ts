import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { defaultLocale, type Locale } from '../contract/common'
import { catalogues } from './catalogue'

const resources = { ar: { translation: catalogues.ar }, en: { translation: catalogues.en } } as const

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
