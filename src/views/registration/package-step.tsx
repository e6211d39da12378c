import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { RegistrationOptions } from '../../contract/registration'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { CheckIcon } from '../../ui/icons'
import { useLang } from '../shared/runtime'
import { wizardStyles, type WizardActor } from './styles'

type Package = RegistrationOptions['packages'][number]
type Period = 'MONTH' | 'YEAR'

export const money = (amount: number, lang: 'ar' | 'en') => formatMoney(decimalToHalalas(amount) ?? 0, lang)

/** Step 2: the packages side by side (monthly / yearly where both exist), a coupon, and the totals the server prices. */
export function PackageStep({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const lang = useLang()
  const options = useSelector(wizard, (s) => s.context.options)
  const packageId = useSelector(wizard, (s) => s.context.packageId)
  const quote = useSelector(wizard, (s) => s.context.quote)
  const couponCode = useSelector(wizard, (s) => s.context.couponCode)
  const couponMessage = useSelector(wizard, (s) => s.context.couponMessage)
  const refused = useSelector(wizard, (s) => s.matches({ package: 'couponRefused' }))
  const quoting = useSelector(wizard, (s) => s.matches({ package: 'quoting' }))
  const saving = useSelector(wizard, (s) => s.matches({ package: 'saving' }))
  const canNext = useSelector(wizard, (s) => s.can({ type: 'registration.next' }))
  const errors = useSelector(wizard, (s) => s.context.errors)
  const renewal = useSelector(wizard, (s) => s.context.mode === 'renewal')
  const packages = options?.packages ?? []
  const chosen = packages.find((p) => p.id === packageId)
  const hasBoth = packages.some((p) => p.subscription_type === 'MONTH') && packages.some((p) => p.subscription_type === 'YEAR')
  const [period, setPeriod] = useState<Period>(chosen?.subscription_type === 'YEAR' ? 'YEAR' : 'MONTH')
  const [coupon, setCoupon] = useState(couponCode)
  const shown = hasBoth ? packages.filter((p) => p.subscription_type !== (period === 'MONTH' ? 'YEAR' : 'MONTH')) : packages

  const apply = (event: FormEvent) => {
    event.preventDefault()
    if (coupon.trim()) wizard.send({ type: 'registration.couponApplied', code: coupon })
  }

  return (
    <section className={wizardStyles.card} aria-labelledby="package-title">
      <h2 id="package-title" className={wizardStyles.stepTitle}>
        {t('registration.wizard.package.title')}
      </h2>
      {hasBoth ? (
        <div role="radiogroup" aria-label={t('registration.wizard.package.period')} className={periodSwitch}>
          {(['MONTH', 'YEAR'] as const).map((p) => (
            <button key={p} type="button" role="radio" aria-checked={period === p} className={periodButton} onClick={() => setPeriod(p)}>
              {p === 'MONTH' ? t('registration.wizard.package.monthly') : t('registration.wizard.package.yearly')}
            </button>
          ))}
        </div>
      ) : null}
      {packages.length === 0 ? <p className={wizardStyles.note}>{t('registration.wizard.package.none')}</p> : null}
      <ul className={packageGrid}>
        {shown.map((p) => (
          <PackageCard
            key={p.id}
            pkg={p}
            trialDays={options?.free_trial_days ?? 0}
            chosen={p.id === packageId}
            onChoose={() => wizard.send({ type: 'registration.packageChosen', packageId: p.id })}
          />
        ))}
      </ul>

      <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5', alignItems: 'start' })}>
        <form onSubmit={apply} className={css({ display: 'flex', flexDir: 'column', gap: '2' })} noValidate>
          <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-end' })}>
            <div className={css({ flex: '1', minW: '0' })}>
              <TextField
                name="coupon_code"
                label={t('registration.wizard.package.coupon')}
                dir="ltr"
                autoComplete="off"
                value={coupon}
                disabled={packageId === null}
                error={refused ? couponMessage : errors.coupon_code?.[0]}
                onChange={(e) => setCoupon(e.target.value)}
              />
            </div>
          </div>
          <div className={css({ display: 'flex', gap: '2' })}>
            <Button type="submit" variant="outline" disabled={packageId === null || !coupon.trim()}>
              {t('registration.wizard.package.apply')}
            </Button>
            {couponCode ? (
              <Button
                variant="ghost"
                onClick={() => {
                  setCoupon('')
                  wizard.send({ type: 'registration.couponRemoved' })
                }}
              >
                {t('registration.wizard.package.remove')}
              </Button>
            ) : null}
          </div>
        </form>
        <div aria-live="polite" data-testid="totals" className={css({ bg: 'bg.muted', borderRadius: 'lg', p: '4' })}>
          <h3 className={css({ fontWeight: '700', mb: '2' })}>{t('registration.wizard.package.summary')}</h3>
          {quoting ? (
            <p className={wizardStyles.note}>{t('registration.wizard.package.pricing')}</p>
          ) : quote && chosen ? (
            <dl className={totals}>
              <dt>{t('registration.wizard.package.price')}</dt>
              <dd>{money(quote.price, lang)}</dd>
              {quote.discount > 0 ? (
                <>
                  <dt>{t('registration.wizard.package.discount')}</dt>
                  <dd>−{money(quote.discount, lang)}</dd>
                  <dt>{t('registration.wizard.package.net')}</dt>
                  <dd>{money(quote.net, lang)}</dd>
                </>
              ) : null}
              <dt>{t('registration.wizard.package.vat', { percent: quote.vat_percent })}</dt>
              <dd>{money(quote.vat, lang)}</dd>
              <dt className={css({ fontWeight: '700' })}>{t('registration.wizard.package.total')}</dt>
              <dd className={css({ fontWeight: '700' })} data-testid="total">
                {money(quote.total, lang)}
              </dd>
            </dl>
          ) : (
            <p className={wizardStyles.note}>{t('registration.wizard.package.choosePrompt')}</p>
          )}
        </div>
      </div>
      {errors.package_id?.[0] ? <p className={wizardStyles.error}>{errors.package_id[0]}</p> : null}

      <div className={wizardStyles.actions}>
        <Button variant="outline" size="lg" onClick={() => wizard.send({ type: 'registration.back' })}>
          {renewal ? t('vendor-area.renewal.backToDashboard') : t('registration.wizard.actions.back')}
        </Button>
        <Button
          size="lg"
          disabled={!canNext}
          loading={saving}
          loadingText={t('registration.wizard.actions.saving')}
          onClick={() => wizard.send({ type: 'registration.next' })}
        >
          {t('registration.wizard.actions.next')}
        </Button>
      </div>
    </section>
  )
}

function PackageCard({ pkg, trialDays, chosen, onChoose }: { pkg: Package; trialDays: number; chosen: boolean; onChoose: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const trial = pkg.package_type === 'FREE_TRIAL'
  const per =
    pkg.subscription_type === 'DAYS'
      ? t('registration.wizard.package.perDAYS', { days: pkg.days ?? 0 })
      : t(`registration.wizard.package.per${pkg.subscription_type}`)
  return (
    <li className={packageCard} data-chosen={chosen || undefined}>
      <div className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
        <h3 className={css({ fontWeight: '700', fontSize: 'lg' })}>{pkg.title}</h3>
        <p className={wizardStyles.note}>{pkg.short_description}</p>
      </div>
      <p className={css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: '1.5' })}>
        <span className={css({ fontSize: '2xl', fontWeight: '800' })}>
          {pkg.price > 0 ? money(pkg.price, lang) : t('registration.wizard.package.free')}
        </span>
        <span className={wizardStyles.note}>{trial ? t('registration.wizard.package.trial', { days: trialDays }) : per}</span>
      </p>
      <div>
        <p className={css({ fontSize: 'sm', fontWeight: '600', mb: '1' })}>{t('registration.wizard.package.limits')}</p>
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '1', fontSize: 'sm' })}>
          {Object.entries(pkg.limits).map(([key, value]) => (
            <li key={key} className={css({ display: 'flex', justifyContent: 'space-between', gap: '3' })}>
              <span className={css({ color: 'fg.muted' })}>{t(`subscription-packages.fields.${key}` as never, { defaultValue: key })}</span>
              <span className={css({ fontWeight: '600' })}>{value === null ? t('registration.wizard.package.unlimited') : value}</span>
            </li>
          ))}
        </ul>
      </div>
      <Button
        variant={chosen ? 'solid' : 'outline'}
        block
        aria-pressed={chosen}
        aria-label={`${chosen ? t('registration.wizard.package.chosen') : t('registration.wizard.package.choose')}: ${pkg.title}`}
        icon={chosen ? <CheckIcon width={16} height={16} /> : undefined}
        onClick={onChoose}
        className={css({ mt: 'auto' })}
      >
        {chosen ? t('registration.wizard.package.chosen') : t('registration.wizard.package.choose')}
      </Button>
    </li>
  )
}

const periodSwitch = css({ display: 'inline-flex', alignSelf: 'flex-start', bg: 'bg.muted', p: '1', borderRadius: 'full', gap: '1' })
const periodButton = css({
  px: '4',
  py: '1.5',
  borderRadius: 'full',
  fontWeight: '600',
  fontSize: 'sm',
  cursor: 'pointer',
  color: 'fg.muted',
  '&[aria-checked=true]': { bg: 'bg.surface', color: 'fg.default', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid token(colors.primary.500)', outlineOffset: '2px' },
})
const packageGrid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', md: 'repeat(auto-fit, minmax(220px, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
})
const packageCard = css({
  display: 'flex',
  flexDir: 'column',
  gap: '4',
  p: '4',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  bg: 'bg.surface',
  minW: '0',
  '&[data-chosen]': { borderColor: 'primary.600', boxShadow: '0 0 0 2px token(colors.primary.200)' },
})
const totals = css({
  display: 'grid',
  gridTemplateColumns: '1fr auto',
  rowGap: '1.5',
  columnGap: '4',
  fontSize: 'sm',
  '& dd': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
})
