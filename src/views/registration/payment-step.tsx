import { useSelector } from '@xstate/react'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { PaymentMethod } from '../../machines/registration'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { TextField } from '../../ui/field'
import { LazyModal as Modal } from '../../ui/lazy-modal'
import { useLang } from '../shared/runtime'
import { money } from './package-step'
import { wizardStyles, type WizardActor } from './styles'

/** The sandbox gateway's test cards (server/modules/registration/gateway.ts). */
const TEST_CARDS = [
  { number: '4242 4242 4242 4242', outcome: 'testSuccess' },
  { number: '4000 0000 0000 0002', outcome: 'testDecline' },
  { number: '4000 0000 0000 3220', outcome: 'testChallenge' },
] as const
const APPLE_PAY_SANDBOX_CARD = '4242424242424242'

const methods: { method: PaymentMethod; label: 'card' | 'applePay' | 'bank' }[] = [
  { method: 'CREDIT_CARD', label: 'card' },
  { method: 'APPLE_PAY', label: 'applePay' },
  { method: 'BANK_TRANSFER', label: 'bank' },
]

/** Step 3: card (sandbox test cards listed), Apple Pay, or a bank transfer with its receipt. */
export function PaymentStep({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const lang = useLang()
  const method = useSelector(wizard, (s) => s.context.method)
  const total = useSelector(wizard, (s) => s.context.draft?.package?.total ?? 0)
  const sandbox = useSelector(wizard, (s) => s.context.options?.gateway.sandbox ?? true)
  const declined = useSelector(wizard, (s) => (s.matches({ payment: 'declined' }) ? s.context.declineReason : null))
  const awaiting = useSelector(wizard, (s) => s.matches({ payment: 'awaitingApproval' }))
  const canSwitch = useSelector(wizard, (s) => s.can({ type: 'registration.methodChosen', method: 'CREDIT_CARD' }))
  const canBack = useSelector(wizard, (s) => s.can({ type: 'registration.back' }))
  const amount = money(total, lang)

  if (awaiting)
    return (
      <section className={wizardStyles.card} aria-labelledby="payment-title">
        <h2 id="payment-title" className={wizardStyles.stepTitle}>
          {t('registration.wizard.payment.awaitingTitle')}
        </h2>
        <Alert tone="success">{t('registration.wizard.payment.awaitingBody')}</Alert>
        <div className={wizardStyles.actions}>
          <span />
          <Button size="lg" onClick={() => wizard.send({ type: 'registration.complete' })}>
            {t('registration.wizard.payment.finish')}
          </Button>
        </div>
      </section>
    )

  return (
    <section className={wizardStyles.card} aria-labelledby="payment-title">
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '2', justifyContent: 'space-between', alignItems: 'center' })}>
        <h2 id="payment-title" className={wizardStyles.stepTitle}>
          {t('registration.wizard.payment.title')}
        </h2>
        <p className={css({ fontWeight: '700' })} data-testid="amount-due">
          {t('registration.wizard.payment.amount', { total: amount })}
        </p>
      </div>
      {declined !== null ? (
        <Alert tone="error">
          <strong className={css({ display: 'block' })}>{t('registration.wizard.payment.declined')}</strong>
          {declined} {t('registration.wizard.payment.declinedHelp')}
        </Alert>
      ) : null}
      <div role="radiogroup" aria-label={t('registration.wizard.payment.methods')} className={methodRow}>
        {methods.map((m) => (
          <button
            key={m.method}
            type="button"
            role="radio"
            aria-checked={method === m.method}
            disabled={!canSwitch}
            className={methodButton}
            onClick={() => wizard.send({ type: 'registration.methodChosen', method: m.method })}
          >
            {t(`registration.wizard.payment.${m.label}`)}
          </button>
        ))}
      </div>
      {method !== 'BANK_TRANSFER' && sandbox ? (
        <div
          className={css({
            display: 'flex',
            flexDir: 'column',
            gap: '2',
            p: '3',
            borderRadius: 'lg',
            bg: 'warning.bg',
            borderWidth: '1px',
          })}
        >
          <p className={css({ display: 'flex', gap: '2', alignItems: 'center', flexWrap: 'wrap', fontSize: 'sm' })}>
            <Badge tone="warning">Sandbox</Badge>
            {t('registration.wizard.payment.sandbox')}
          </p>
          <p className={css({ fontSize: 'sm', fontWeight: '600' })}>{t('registration.wizard.payment.testCards')}</p>
          <ul className={css({ fontSize: 'sm', display: 'flex', flexDir: 'column', gap: '0.5' })}>
            {TEST_CARDS.map((c) => (
              <li key={c.number}>
                <bdi dir="ltr" className={css({ fontFamily: 'mono' })}>
                  {c.number}
                </bdi>{' '}
                — {t(`registration.wizard.payment.${c.outcome}`)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {method === 'CREDIT_CARD' ? <CardForm wizard={wizard} amount={amount} /> : null}
      {method === 'APPLE_PAY' ? <ApplePay wizard={wizard} /> : null}
      {method === 'BANK_TRANSFER' ? <BankTransfer wizard={wizard} /> : null}
      <div className={wizardStyles.actions}>
        <Button variant="outline" size="lg" disabled={!canBack} onClick={() => wizard.send({ type: 'registration.back' })}>
          {t('registration.wizard.actions.back')}
        </Button>
      </div>
      <ChallengeDialog wizard={wizard} />
    </section>
  )
}

function CardForm({ wizard, amount }: { wizard: WizardActor; amount: string }) {
  const { t } = useTranslation()
  const charging = useSelector(wizard, (s) => s.matches({ payment: 'charging' }))
  const errors = useSelector(wizard, (s) => s.context.errors)
  const [card, setCard] = useState({ number: '', exp_month: '', exp_year: '', cvc: '', holder_name: '' })
  const set = (field: keyof typeof card) => (e: { target: { value: string } }) => setCard((c) => ({ ...c, [field]: e.target.value }))
  const err = (field: string) => errors[`card.${field}`]?.[0] ?? (field === 'number' ? errors.card?.[0] : undefined)
  const pay = (event: FormEvent) => {
    event.preventDefault()
    wizard.send({
      type: 'registration.payByCard',
      card: {
        number: card.number.trim(),
        exp_month: Number(card.exp_month) || 0,
        exp_year: Number(card.exp_year) || 0,
        cvc: card.cvc.trim(),
        holder_name: card.holder_name.trim(),
      },
    })
  }
  return (
    <form onSubmit={pay} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <div className={wizardStyles.grid}>
        <TextField
          name="card_number"
          label={t('registration.wizard.payment.number')}
          inputMode="numeric"
          dir="ltr"
          autoComplete="cc-number"
          required
          value={card.number}
          error={err('number')}
          onChange={set('number')}
        />
        <TextField
          name="card_holder"
          label={t('registration.wizard.payment.holder')}
          autoComplete="cc-name"
          required
          value={card.holder_name}
          error={err('holder_name')}
          onChange={set('holder_name')}
        />
        <div className={css({ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: '3', minW: '0' })}>
          <TextField
            name="card_month"
            label={t('registration.wizard.payment.expMonth')}
            inputMode="numeric"
            dir="ltr"
            autoComplete="cc-exp-month"
            required
            value={card.exp_month}
            error={err('exp_month')}
            onChange={set('exp_month')}
          />
          <TextField
            name="card_year"
            label={t('registration.wizard.payment.expYear')}
            inputMode="numeric"
            dir="ltr"
            autoComplete="cc-exp-year"
            required
            value={card.exp_year}
            error={err('exp_year')}
            onChange={set('exp_year')}
          />
        </div>
        <TextField
          name="card_cvc"
          label={t('registration.wizard.payment.cvc')}
          inputMode="numeric"
          dir="ltr"
          autoComplete="cc-csc"
          required
          value={card.cvc}
          error={err('cvc')}
          onChange={set('cvc')}
        />
      </div>
      <Button type="submit" size="lg" loading={charging} loadingText={t('registration.wizard.payment.paying')}>
        {t('registration.wizard.payment.pay', { total: amount })}
      </Button>
    </form>
  )
}

function ApplePay({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const charging = useSelector(wizard, (s) => s.matches({ payment: 'charging' }))
  const year = new Date().getFullYear() + 2
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <Button
        size="lg"
        loading={charging}
        loadingText={t('registration.wizard.payment.paying')}
        className={css({ bg: 'black', color: 'white', _hover: { bg: 'gray.800' } })}
        onClick={() =>
          wizard.send({
            type: 'registration.payByCard',
            card: { number: APPLE_PAY_SANDBOX_CARD, exp_month: 12, exp_year: year, cvc: '123', holder_name: 'Apple Pay' },
          })
        }
      >
        {t('registration.wizard.payment.applePayButton')}
      </Button>
      <p className={wizardStyles.note}>{t('registration.wizard.payment.applePayNote')}</p>
    </div>
  )
}

function BankTransfer({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const accounts = useSelector(wizard, (s) => s.context.options?.bank_accounts ?? [])
  const uploading = useSelector(wizard, (s) => s.matches({ payment: 'uploading' }))
  const errors = useSelector(wizard, (s) => s.context.errors)
  const [file, setFile] = useState<File | null>(null)
  const [number, setNumber] = useState('')
  const [copied, setCopied] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const send = (event: FormEvent) => {
    event.preventDefault()
    if (!file) return setMissing(true)
    wizard.send({ type: 'registration.sendReceipt', file, paymentNumber: number })
  }
  const copy = (iban: string) => {
    void navigator.clipboard?.writeText(iban).then(
      () => setCopied(iban),
      () => setCopied(null),
    )
  }
  const fileError = errors.payment_file?.[0] ?? (missing ? t('registration.wizard.payment.chooseFile') : undefined)
  return (
    <form onSubmit={send} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <p>{t('registration.wizard.payment.bankIntro')}</p>
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '3' })}>
        {accounts.map((a) => (
          <li key={a.iban} className={css({ p: '3', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', minW: '0' })}>
            <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', fontSize: 'sm' })}>
              <dt className={css({ color: 'fg.muted' })}>{t('registration.wizard.payment.bankName')}</dt>
              <dd>
                <bdi>{a.bank_name}</bdi>
              </dd>
              <dt className={css({ color: 'fg.muted' })}>{t('registration.wizard.payment.holderName')}</dt>
              <dd>
                <bdi>{a.holder_name}</bdi>
              </dd>
              <dt className={css({ color: 'fg.muted' })}>{t('registration.wizard.payment.iban')}</dt>
              <dd className={css({ minW: '0', overflowWrap: 'anywhere' })}>
                <bdi dir="ltr" className={css({ fontFamily: 'mono' })}>
                  {a.iban}
                </bdi>
              </dd>
            </dl>
            <Button variant="outline" size="sm" className={css({ mt: '2' })} onClick={() => copy(a.iban)}>
              {copied === a.iban ? t('registration.wizard.payment.copied') : t('registration.wizard.payment.copy')}
            </Button>
            <span aria-live="polite" className={css({ srOnly: true })}>
              {copied === a.iban ? t('registration.wizard.payment.copied') : ''}
            </span>
          </li>
        ))}
      </ul>
      <div className={wizardStyles.grid}>
        {/* the browser's own file button speaks the browser's language: this one speaks the page's */}
        <label className={css({ display: 'flex', flexDir: 'column', gap: '1.5', fontSize: 'sm', fontWeight: '600' })}>
          <span id="receipt-label">{t('registration.wizard.payment.receipt')}</span>
          <span
            className={css({
              display: 'flex',
              alignItems: 'center',
              gap: '3',
              minH: '10',
              px: '3',
              py: '1.5',
              borderWidth: '1px',
              borderColor: fileError ? 'red.500' : 'border.default',
              borderRadius: 'md',
              bg: 'bg.default',
              cursor: 'pointer',
              fontWeight: '400',
              minW: '0',
              _hover: { borderColor: 'primary.500' },
              '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
            })}
          >
            <input
              type="file"
              name="payment_file"
              accept="image/png,image/jpeg,image/webp,application/pdf"
              aria-labelledby="receipt-label"
              aria-invalid={fileError ? true : undefined}
              aria-describedby={fileError ? 'receipt-file receipt-error' : 'receipt-file'}
              onChange={(e) => {
                setMissing(false)
                setFile(e.target.files?.[0] ?? null)
              }}
              className={css({ srOnly: true })}
            />
            <span
              aria-hidden
              className={css({
                flexShrink: 0,
                px: '3',
                py: '1',
                borderRadius: 'md',
                bg: 'primary.50',
                color: 'primary.700',
                fontWeight: '600',
              })}
            >
              {t('registration.wizard.payment.chooseFileButton')}
            </span>
            <span
              id="receipt-file"
              className={css({
                color: file ? 'fg.default' : 'fg.muted',
                minW: '0',
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              })}
            >
              {file ? <bdi>{file.name}</bdi> : t('registration.wizard.payment.noFileChosen')}
            </span>
          </span>
          {fileError ? (
            <span id="receipt-error" className={wizardStyles.error}>
              {fileError}
            </span>
          ) : null}
        </label>
        <TextField
          name="payment_number"
          label={t('registration.wizard.payment.paymentNumber')}
          dir="ltr"
          value={number}
          error={errors.payment_number?.[0]}
          onChange={(e) => setNumber(e.target.value)}
        />
      </div>
      <Button type="submit" size="lg" loading={uploading} loadingText={t('registration.wizard.payment.sending')}>
        {t('registration.wizard.payment.send')}
      </Button>
    </form>
  )
}

function ChallengeDialog({ wizard }: { wizard: WizardActor }) {
  const { t } = useTranslation()
  const open = useSelector(wizard, (s) => s.matches({ payment: 'challenge' }) || s.matches({ payment: 'confirming' }))
  const confirming = useSelector(wizard, (s) => s.matches({ payment: 'confirming' }))
  const [code, setCode] = useState('')
  const confirm = (event: FormEvent) => {
    event.preventDefault()
    if (code.trim()) wizard.send({ type: 'registration.codeEntered', code: code.trim() })
  }
  return (
    <Modal
      open={open}
      size="sm"
      title={t('registration.wizard.payment.challengeTitle')}
      description={t('registration.wizard.payment.challengeBody')}
      closeLabel={t('registration.wizard.payment.cancel')}
      closeOnInteractOutside={false}
      onClose={() => {
        if (!confirming) wizard.send({ type: 'registration.challengeCancelled' })
      }}
    >
      <form onSubmit={confirm} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
        <TextField
          name="challenge_code"
          label={t('registration.wizard.payment.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          dir="ltr"
          required
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
          <Button variant="outline" disabled={confirming} onClick={() => wizard.send({ type: 'registration.challengeCancelled' })}>
            {t('registration.wizard.payment.cancel')}
          </Button>
          <Button type="submit" loading={confirming} loadingText={t('registration.wizard.payment.confirming')}>
            {t('registration.wizard.payment.confirm')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

const methodRow = css({ display: 'grid', gridTemplateColumns: 'repeat(3, 1fr)', gap: '2' })
const methodButton = css({
  py: '2.5',
  px: '2',
  borderWidth: '1px',
  borderColor: 'border.strong',
  borderRadius: 'lg',
  fontWeight: '600',
  fontSize: 'sm',
  cursor: 'pointer',
  bg: 'bg.surface',
  '&[aria-checked=true]': {
    borderColor: 'primary.600',
    bg: 'primary.50',
    color: 'primary.800',
    boxShadow: '0 0 0 1px token(colors.primary.600)',
  },
  _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  _focusVisible: { outline: '2px solid token(colors.primary.500)', outlineOffset: '2px' },
})
