import type { Locale } from '../../contract/common'

const intlLocale = (locale: Locale) => (locale === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB')

/** A moment in full, for a record's page: "22 November 2026 at 09:13". */
export const formatDateTime = (iso: string, locale: Locale, timeZone?: string) =>
  new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'long', timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  )

/** A moment in a table cell, compact, as its date and its time: ["22 Nov 2026", "09:13"] / ["22/11/2026", "9:13 ص"]. */
export const formatDateTimeShort = (iso: string, locale: Locale): [date: string, time: string] => {
  const moment = new Date(iso)
  return [
    new Intl.DateTimeFormat(intlLocale(locale), { dateStyle: 'medium' }).format(moment),
    new Intl.DateTimeFormat(intlLocale(locale), { timeStyle: 'short' }).format(moment),
  ]
}
