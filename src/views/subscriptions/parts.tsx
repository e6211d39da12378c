import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { Locale } from '../../contract/common'
import type { SubscriptionPhase } from '../../contract/subscriptions'
import { businessDayOf, decimalToHalalas, formatMoney } from '../../domain/money'
import { Badge } from '../../ui/badge'

const phaseTones = { active: 'success', expiring: 'warning', expired: 'danger', replaced: 'neutral' } as const

export function PhaseBadge({ phase }: { phase: SubscriptionPhase }) {
  const { t } = useTranslation()
  return <Badge tone={phaseTones[phase]}>{t(`subscriptions.phases.${phase}`)}</Badge>
}

/**
 * A day of a period: a moment (`2026-08-31T21:00:00Z`) is read as the business day in Riyadh (1 Sep),
 * with Western digits in both languages like the amounts beside it.
 */
export function periodDay(value: string | null, lang: Locale) {
  if (!value) return '—'
  const day = value.length > 10 ? businessDayOf(new Date(value)) : value
  return new Intl.DateTimeFormat(lang === 'ar' ? 'ar-SA-u-nu-latn-ca-gregory' : 'en-GB', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`))
}

/** An amount of the API (SAR with 2 decimals) as the admin reads it: `1,150.00 SR` / `1,150.00 ر.س`. */
export const moneyOf = (value: string, lang: Locale) => {
  const halalas = decimalToHalalas(value)
  return halalas === null ? value : formatMoney(halalas, lang)
}

export function Amount({ value, lang }: { value: string; lang: Locale }) {
  return <bdi className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{moneyOf(value, lang)}</bdi>
}

/**
 * A day of the period; the expiry says "Never" for a lifetime subscription and carries a badge
 * when it has passed or comes within the week.
 */
export function Expiry({
  value,
  lang,
  phase,
  lifetime = false,
}: {
  value: string | null
  lang: Locale
  phase?: SubscriptionPhase
  lifetime?: boolean
}) {
  const { t } = useTranslation()
  const day = lifetime && !value ? t('subscriptions.never') : periodDay(value, lang)
  const marked = phase === 'expired' || phase === 'expiring'
  return (
    <span className={css({ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', whiteSpace: 'nowrap' })}>
      <span>{day}</span>
      {marked ? <PhaseBadge phase={phase} /> : null}
    </span>
  )
}
