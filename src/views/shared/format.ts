import type { Locale } from '../../contract/common'

const intlLocale = (locale: Locale) => (locale === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB')

/** A moment in full, for a record's page: "22 November 2026 at 09:13". */
export const formatDateTime = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso))

/** A moment in a table cell, compact: "22 Nov 2026, 09:13" / "22/11/2026، 9:13 ص". */
export const formatDateTimeShort = (iso: string, locale: Locale) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso))
