import type { Locale } from '../../contract/common'
import type { VendorMarketplace } from '../../contract/vendors'

/** An amount in SAR ("1150.50") as the admin reads it: 1,150.50 SR / ١٬١٥٠٫٥٠ ر.س. */
export const formatSar = (amount: string, lang: Locale) =>
  `${new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(Number(amount))} ${lang === 'ar' ? 'ر.س' : 'SR'}`

/** A day (`yyyy-mm-dd` or an ISO time) in the admin's language. */
export const formatDay = (value: string | null, lang: Locale) =>
  value
    ? new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-ca-gregory' : 'en-GB', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      }).format(new Date(value.length === 10 ? `${value}T00:00:00Z` : value))
    : '—'

/** A vendor's marketplaces by name in the admin's language ("Noon, Salla" / "سلة، نون"), '' for none. */
export const formatMarketplaces = (list: readonly VendorMarketplace[], lang: Locale) =>
  list.map((m) => (lang === 'ar' ? m.name_ar : m.name_en)).join(lang === 'ar' ? '، ' : ', ')
