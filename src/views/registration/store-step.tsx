import { useSelector } from '@xstate/react'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { ActorRefFrom } from 'xstate'
import { passwordStrength } from '../../forms/password-strength'
import { marketplaceIds, type StoreField } from '../../machines/registration'
import { subdomainReason, subdomainState, subdomainSuggestion, type subdomainCheckMachine } from '../../machines/subdomain-check'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { PasswordField } from '../../ui/password-field'
import { StrengthMeter } from '../../ui/strength-meter'
import { useTranslateRef } from '../shared/use-translate-ref'
import { wizardStyles, type WizardActor } from './styles'

type TextFieldSpec = {
  name: Exclude<StoreField, 'password' | 'password_confirmation' | 'website' | 'marketplaces'>
  type?: string
  inputMode?: 'numeric' | 'tel' | 'email'
  autoComplete?: string
  dir?: 'ltr'
}

const textFields: TextFieldSpec[] = [
  { name: 'store_name', autoComplete: 'organization' },
  { name: 'company_name' },
  { name: 'commercial_registration', inputMode: 'numeric', dir: 'ltr' },
  { name: 'commercial_registration_expiry', type: 'date' },
  { name: 'phone', type: 'tel', inputMode: 'tel', autoComplete: 'tel', dir: 'ltr' },
  { name: 'email', type: 'email', inputMode: 'email', autoComplete: 'email', dir: 'ltr' },
]

/** Step 1: the store's information, checked on Next and by the server; subdomain and referral code checked while typing. */
export function StoreStep({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const values = useSelector(wizard, (s) => s.context.values)
  const clientErrors = useSelector(wizard, (s) => s.context.clientErrors)
  const errors = useSelector(wizard, (s) => s.context.errors)
  const saving = useSelector(wizard, (s) => s.matches({ store: { form: 'saving' } }))
  const resumed = useSelector(wizard, (s) => (s.context.draft?.step ?? 1) >= 2)
  const subdomain = useSelector(wizard, (s) => s.children.subdomain as ActorRefFrom<typeof subdomainCheckMachine> | undefined)

  const errorOf = (field: StoreField) => {
    const client = clientErrors[field]
    return client ? translate(client) : errors[field]?.[0]
  }
  const edit = (field: StoreField, value: string) => wizard.send({ type: 'registration.edit', values: { [field]: value } })
  const label = (field: StoreField) => t(`registration.wizard.store.fields.${field}`)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    wizard.send({ type: 'registration.next' })
  }
  const strength = passwordStrength(values.password)

  return (
    <form className={wizardStyles.card} onSubmit={submit} noValidate aria-labelledby="store-title">
      <h2 id="store-title" className={wizardStyles.stepTitle}>
        {t('registration.wizard.store.title')}
      </h2>
      <div className={wizardStyles.grid}>
        {textFields.map((f) => (
          <TextField
            key={f.name}
            name={f.name}
            label={label(f.name)}
            type={f.type ?? 'text'}
            inputMode={f.inputMode}
            autoComplete={f.autoComplete ?? 'off'}
            dir={f.dir}
            required
            value={values[f.name]}
            error={errorOf(f.name)}
            onChange={(e) => edit(f.name, e.target.value)}
          />
        ))}
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' })}>
          <TextField
            name="subdomain"
            label={label('subdomain')}
            dir="ltr"
            autoComplete="off"
            autoCapitalize="none"
            required
            value={values.subdomain}
            error={errorOf('subdomain')}
            onChange={(e) => edit('subdomain', e.target.value)}
            helper={
              subdomain ? (
                <SubdomainStatus check={subdomain} onUse={(s) => edit('subdomain', s)} />
              ) : (
                t('registration.wizard.store.subdomainHint')
              )
            }
          />
        </div>
        <TextField
          name="tax_no"
          label={label('tax_no')}
          inputMode="numeric"
          dir="ltr"
          autoComplete="off"
          required
          value={values.tax_no}
          error={errorOf('tax_no')}
          onChange={(e) => edit('tax_no', e.target.value)}
        />
        <PasswordField
          name="password"
          label={label('password')}
          autoComplete="new-password"
          required
          showLabel={t('registration.wizard.store.show')}
          hideLabel={t('registration.wizard.store.hide')}
          value={values.password}
          error={errorOf('password')}
          onChange={(e) => edit('password', e.target.value)}
        >
          <StrengthMeter
            label={t('auth.strength.label')}
            levelLabel={t(`auth.strength.${strength.level}`)}
            checks={strength.checks.map((c) => ({ id: c.id, passed: c.passed, label: t(`auth.strength.${c.id}`) }))}
          />
        </PasswordField>
        <PasswordField
          name="password_confirmation"
          label={label('password_confirmation')}
          autoComplete="new-password"
          required
          showLabel={t('registration.wizard.store.show')}
          hideLabel={t('registration.wizard.store.hide')}
          value={values.password_confirmation}
          error={errorOf('password_confirmation')}
          onChange={(e) => edit('password_confirmation', e.target.value)}
        />
        <ReferralField
          wizard={wizard}
          value={values.referral_code}
          error={errorOf('referral_code')}
          onChange={(v) => edit('referral_code', v)}
        />
      </div>
      <MarketplacesField
        wizard={wizard}
        value={values.marketplaces}
        error={errorOf('marketplaces')}
        onChange={(v) => edit('marketplaces', v)}
      />
      {resumed && !values.password ? <p className={wizardStyles.note}>{t('registration.wizard.store.passwordAgain')}</p> : null}
      {/* The honeypot: off-screen and out of the accessibility tree; only a robot fills it. */}
      <div
        aria-hidden="true"
        className={css({ position: 'absolute', insetInlineStart: '-10000px', w: '1px', h: '1px', overflow: 'hidden' })}
      >
        <label>
          {label('website')}
          <input
            name="website"
            type="text"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => edit('website', e.target.value)}
          />
        </label>
      </div>
      <div className={wizardStyles.actions}>
        <span />
        <Button type="submit" size="lg" loading={saving} loadingText={t('registration.wizard.actions.saving')}>
          {t('registration.wizard.actions.next')}
        </Button>
      </div>
    </form>
  )
}

function SubdomainStatus({ check, onUse }: { check: ActorRefFrom<typeof subdomainCheckMachine>; onUse: (value: string) => void }) {
  const { t } = useTranslation()
  const state = useSelector(check, subdomainState)
  const reason = useSelector(check, subdomainReason)
  const suggestion = useSelector(check, subdomainSuggestion)
  if (state === 'checking') return <span aria-live="polite">{t('registration.wizard.store.subdomainChecking')}</span>
  if (state === 'available') return <span className={wizardStyles.ok}>{t('registration.wizard.store.subdomainAvailable')}</span>
  if (state === 'unavailable')
    return (
      <span className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', alignItems: 'center' })}>
        <span className={wizardStyles.error}>{reason}</span>
        {suggestion ? (
          <Button variant="outline" size="sm" onClick={() => onUse(suggestion)}>
            {t('registration.wizard.store.useSuggestion', { suggestion })}
          </Button>
        ) : null}
      </span>
    )
  return t('registration.wizard.store.subdomainHint')
}

/** A step-1 field the chart's context feeds: its value, its error, and how a change reaches the chart. */
type WizardFieldProps = {
  wizard: WizardActor
  value: string
  error: string | undefined
  onChange: (value: string) => void
}

function ReferralField({ wizard, value, error, onChange }: WizardFieldProps) {
  const { t } = useTranslation()
  const checking = useSelector(
    wizard,
    (s) => s.matches({ store: { referral: 'checking' } }) || s.matches({ store: { referral: 'waiting' } }),
  )
  const owner = useSelector(wizard, (s) => (s.matches({ store: { referral: 'valid' } }) ? (s.context.referral?.owner ?? null) : null))
  const unknown = useSelector(wizard, (s) => s.matches({ store: { referral: 'invalid' } }))
  const helper = checking ? (
    t('registration.wizard.store.referralChecking')
  ) : owner ? (
    <span className={wizardStyles.ok}>
      {owner.kind === 'partner'
        ? t('registration.wizard.store.referredByPartner', { name: owner.name })
        : t('registration.wizard.store.referredBy', { name: owner.name })}
    </span>
  ) : unknown ? (
    <span className={wizardStyles.error}>{t('registration.wizard.store.referralUnknown')}</span>
  ) : undefined
  return (
    <TextField
      name="referral_code"
      label={t('registration.wizard.store.fields.referral_code')}
      dir="ltr"
      autoComplete="off"
      value={value}
      error={error}
      helper={helper}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}

const pickerStyles = {
  group: css({ border: 'none', p: '0', m: '0', minW: '0', display: 'flex', flexDir: 'column', gap: '2' }),
  legend: css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default', p: '0', mb: '1' }),
  list: css({ display: 'flex', flexWrap: 'wrap', gap: '2' }),
  choice: css({
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    minH: '11',
    px: '3',
    borderWidth: '1px',
    borderColor: 'border.default',
    borderRadius: 'lg',
    cursor: 'pointer',
    fontSize: 'sm',
    _hover: { borderColor: 'accent.default' },
    '&:has(input:checked)': { borderColor: 'accent.default', bg: 'primary.50' },
    '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  }),
  box: css({ w: '4', h: '4', accentColor: 'accent.default', cursor: 'pointer' }),
}

/** The marketplaces the vendor sells on or means to (optional): the platform's active ones, each a checkbox. */
function MarketplacesField({ wizard, value, error, onChange }: WizardFieldProps) {
  const { t } = useTranslation()
  const offered = useSelector(wizard, (s) => s.context.options?.marketplaces)
  if (!offered || offered.length === 0) return null
  const chosen = new Set(marketplaceIds(value))
  const toggle = (id: number, on: boolean) => {
    const next = offered.map((m) => Number(m.id)).filter((m) => (m === id ? on : chosen.has(m)))
    onChange(next.join(','))
  }
  return (
    <fieldset className={pickerStyles.group} aria-describedby={error ? 'marketplaces-error' : 'marketplaces-hint'}>
      <legend className={pickerStyles.legend}>{t('registration.wizard.store.fields.marketplaces')}</legend>
      <span id="marketplaces-hint" className={wizardStyles.note}>
        {t('registration.wizard.store.marketplacesHint')}
      </span>
      <div className={pickerStyles.list}>
        {offered.map((m) => (
          <label key={m.id} className={pickerStyles.choice}>
            <input
              type="checkbox"
              name="marketplaces"
              value={m.id}
              className={pickerStyles.box}
              checked={chosen.has(Number(m.id))}
              onChange={(e) => toggle(Number(m.id), e.target.checked)}
            />
            {m.name}
          </label>
        ))}
      </div>
      {error ? (
        <span id="marketplaces-error" role="alert" className={wizardStyles.error}>
          {error}
        </span>
      ) : null}
    </fieldset>
  )
}
