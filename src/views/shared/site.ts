import type { i18n as I18n } from 'i18next'
import { useSyncExternalStore } from 'react'
import type { Site } from '../../contract/settings'

/**
 * The site's identity from the settings (`GET core/site`): its names become the catalogue's
 * `app.name` in both languages, so every screen that names the site follows at once, and its logo
 * is kept here for the header. Read at start and again when the settings are saved; no reload.
 */
type Identity = Pick<Site, 'name_ar' | 'name_en' | 'logo'>
let current: Identity | null = null
let logo: string | null = null
const listeners = new Set<() => void>()
const watched = new WeakSet<I18n>()

/** Puts the site's names into the languages loaded so far. */
function name(i18n: I18n): void {
  if (!current) return
  for (const [lang, value] of [
    ['ar', current.name_ar],
    ['en', current.name_en],
  ] as const)
    if (value && i18n.hasResourceBundle(lang, 'translation')) i18n.addResource(lang, 'translation', 'app.name', value)
}

export function applySite(i18n: I18n, site: Identity): void {
  current = site
  logo = site.logo
  // a language whose messages arrive later gets the names too, before its screens render
  if (!watched.has(i18n)) {
    watched.add(i18n)
    i18n.on('languageChanged', () => name(i18n))
  }
  name(i18n)
  // the names are in the catalogue: screens that read them render again
  void i18n.changeLanguage(i18n.language)
  for (const listener of listeners) listener()
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The stored name of the site's logo, or null for the platform's own mark. */
export const useSiteLogo = () =>
  useSyncExternalStore(
    subscribe,
    () => logo,
    () => logo,
  )
