import { useSelector } from '@xstate/react'
import type { FormApi } from 'final-form'
import { useMemo, useRef, useState } from 'react'
import { Form, FormSpy } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { offeredPaymentMethods } from '../../contract/payments'
import { paymentCreateFields, type Vendor } from '../../contract/vendors'
import { FormSelectField } from '../../forms/ark-fields'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { appliedCoupon, paymentQuoteMachine, type PaymentQuoteSnapshot } from '../../machines/payment-quote'
import { isRecording, paymentRecordMachine, recordFailure } from '../../machines/payment-record'
import { Button } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { FailureDialog } from '../shared/failure-dialog'
import { PaymentFileField } from '../shared/payment-file-field'
import { formStyles } from '../shared/resource-form'
import { useChart, useLang, useToaster } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'
import { usePackageOptions } from './package-options'

type Values = { payment_number: string; amount: string; method: string; payment_date: string; package_id: string }

/** Today in Riyadh, the latest payment date the server accepts. */
const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)

/**
 * Record a payment for the vendor (the paymentRecord chart): package, method among the offered
 * ones, amount in SR, payment number, date (not in the future) and the receipt file, sent as
 * multipart with one Idempotency-Key per payment.
 */
export function CreatePaymentTab({ vendor, onRecorded }: { vendor: Vendor; onRecorded: () => void }) {
  const { t } = useTranslation()
  const toaster = useToaster()
  const translate = useTranslateRef()
  const recorded = useRef(onRecorded)
  recorded.current = onRecorded
  const actor = useChart(
    paymentRecordMachine.provide({
      actions: {
        onRecorded: (_, { message }) => {
          toaster.success({ title: message })
          recorded.current()
        },
      },
    }),
    { vendorId: vendor.id },
  )
  const form = useRef<FormApi<Values> | null>(null)
  const filled = useRef('')
  /** The latest price not filled in yet. */
  const pending = useRef<string | null>(null)
  const fillPrice = () => {
    const api = form.current
    if (!api || pending.current === null || api.getFieldState('amount')?.active) return
    const price = pending.current
    pending.current = null
    const typed = api.getState().values.amount
    if (typed && typed !== filled.current) return
    filled.current = price
    api.change('amount', price)
  }
  const quote = useChart(
    paymentQuoteMachine.provide({
      actions: {
        // the amount follows the price unless the admin typed another one; while the amount is being
        // typed in, the price waits for it to be left (arriving mid-keystroke, it would mix with it)
        priced: (_, { total }) => {
          pending.current = total.toFixed(2)
          fillPrice()
        },
      },
    }),
    { packageId: vendor.package_id ? String(vendor.package_id) : '' },
  )
  const packageOptions = usePackageOptions()
  const recording = useSelector(actor, isRecording)
  const failure = useSelector(actor, recordFailure)
  const [file, setFile] = useState<File | null>(null)
  const [fileTouched, setFileTouched] = useState(false)
  const validate = useMemo(() => {
    const check = zodValidator(paymentCreateFields, translate)
    return (values: Values) => {
      const payload = { ...values, package_id: values.package_id || undefined }
      const errors = check(payload) as Record<string, string>
      if (values.payment_date && values.payment_date > today()) errors.payment_date = t('vendors.errors.futureDate')
      return errors
    }
  }, [translate, t])
  const serverError = (field: string) => failure?.errors[field]?.[0]
  const fileError = serverError('payment_file') ?? (fileTouched && !file ? t('validation.required') : undefined)
  const initialValues: Values = {
    payment_number: '',
    amount: '',
    method: 'BANK_TRANSFER',
    payment_date: today(),
    package_id: vendor.package_id ? String(vendor.package_id) : '',
  }
  return (
    <section aria-labelledby="create-payment-title" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h2 id="create-payment-title" className={css({ fontSize: 'lg', fontWeight: '700' })}>
        {t('vendors.tabs.create-payments')}
      </h2>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('vendors.payments.vatNote')}</p>
      <Form<Values>
        initialValues={initialValues}
        validate={validate}
        onSubmit={(values) => {
          setFileTouched(true)
          if (!file) return
          const coupon = appliedCoupon(quote.getSnapshot())
          actor.send({
            type: 'payment.submit',
            file,
            fields: {
              payment_number: values.payment_number ?? '',
              amount: values.amount ?? '',
              method: values.method,
              payment_date: values.payment_date ?? '',
              ...(values.package_id ? { package_id: values.package_id } : {}),
              ...(coupon ? { coupon_code: coupon } : {}),
            },
          })
        }}
      >
        {({ handleSubmit, form: api }) => {
          form.current = api
          return (
            <form onSubmit={handleSubmit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
              {/* a price that came while the amount was being typed in is filled once it is left */}
              <FormSpy<Values> subscription={{ active: true }} onChange={({ active }) => active !== 'amount' && fillPrice()} />
              <FormSpy<Values>
                subscription={{ values: true }}
                onChange={({ values }) => {
                  if ((values.package_id ?? '') !== quote.getSnapshot().context.packageId)
                    quote.send({ type: 'quote.package', packageId: values.package_id ?? '' })
                }}
              />
              <div className={formStyles.grid}>
                <FormSelectField
                  name="package_id"
                  label={t('vendors.payments.package')}
                  options={packageOptions}
                  serverError={serverError('package_id')}
                />
                <FormSelectField
                  name="method"
                  label={t('vendors.payments.method')}
                  options={offeredPaymentMethods.map((value) => ({ value, label: t(`lists.payment_methods.${value}`) }))}
                  serverError={serverError('method')}
                />
                <FormTextField
                  name="amount"
                  label={t('vendors.payments.amount')}
                  required
                  inputMode="text"
                  serverError={serverError('amount')}
                />
                <FormTextField
                  name="payment_number"
                  label={t('vendors.payments.payment_number')}
                  required
                  serverError={serverError('payment_number')}
                />
                <FormTextField
                  name="payment_date"
                  type="date"
                  label={t('vendors.payments.payment_date')}
                  required
                  serverError={serverError('payment_date')}
                />
                <PaymentFileField
                  id="payment-file"
                  label={t('vendors.payments.file')}
                  error={fileError}
                  file={file}
                  onFile={(next) => {
                    setFile(next)
                    setFileTouched(true)
                  }}
                />
              </div>
              <PriceQuote quote={quote} couponError={serverError('coupon_code')} />
              <div>
                <Button type="submit" loading={recording} loadingText={t('vendors.payments.recording')}>
                  {t('vendors.payments.record')}
                </Button>
              </div>
            </form>
          )
        }}
      </Form>
      <FailureDialog
        message={failure && Object.keys(failure.errors).length === 0 ? failure.message || t('errors.generic') : null}
        onClose={() => actor.send({ type: 'payment.dismiss' })}
      />
    </section>
  )
}

type QuoteActor = ReturnType<typeof useChart<typeof paymentQuoteMachine>>

/**
 * The coupon box and the package's price as the server computes it (the paymentQuote chart): price,
 * discount, net, VAT and total; every answer fills the amount.
 */
function PriceQuote({ quote, couponError }: { quote: QuoteActor; couponError: string | undefined }) {
  const { t } = useTranslation()
  const lang = useLang()
  const [code, setCode] = useState('')
  const state = useSelector(quote, (s: PaymentQuoteSnapshot) =>
    s.matches('quoting')
      ? 'quoting'
      : s.matches('priced')
        ? 'priced'
        : s.matches('refused')
          ? 'refused'
          : s.matches('failed')
            ? 'failed'
            : 'idle',
  )
  const context = useSelector(quote, (s: PaymentQuoteSnapshot) => s.context)
  const applied = useSelector(quote, appliedCoupon)
  const result = context.quote?.result
  const refusal = state === 'refused' ? context.quote?.message : undefined
  const shownError = refusal ?? couponError
  const money = (riyals: number) => formatMoney(decimalToHalalas(riyals) ?? 0, lang)
  const row = css({ display: 'flex', justifyContent: 'space-between', gap: '4' })
  if (state === 'idle') return null
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', maxW: 'md' })}>
      <div className={fieldStyles.root}>
        <label htmlFor="payment-coupon" className={fieldStyles.label}>
          {t('vendors.payments.coupon')}
        </label>
        <div className={css({ display: 'flex', gap: '2' })}>
          <input
            id="payment-coupon"
            value={code}
            dir="auto"
            autoComplete="off"
            aria-invalid={shownError ? true : undefined}
            aria-describedby={shownError ? 'payment-coupon-error' : undefined}
            className={fieldStyles.input}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              if (code.trim()) quote.send({ type: 'quote.apply', code })
            }}
          />
          {applied ? null : (
            <Button
              type="button"
              variant="outline"
              disabled={!code.trim() || state === 'quoting'}
              onClick={() => quote.send({ type: 'quote.apply', code })}
            >
              {t('vendors.payments.applyCoupon')}
            </Button>
          )}
          {applied || state === 'refused' ? (
            <Button
              type="button"
              variant="outline"
              onClick={() => {
                setCode('')
                quote.send({ type: 'quote.remove' })
              }}
            >
              {t('vendors.payments.removeCoupon')}
            </Button>
          ) : null}
        </div>
        {shownError ? (
          <p id="payment-coupon-error" role="alert" className={fieldStyles.error}>
            {shownError}
          </p>
        ) : null}
      </div>
      <div
        role="status"
        aria-live="polite"
        className={css({ borderWidth: '1px', borderColor: 'border.default', rounded: 'l2', p: '3', fontSize: 'sm' })}
      >
        {state === 'quoting' ? <p className={css({ color: 'fg.muted' })}>{t('vendors.payments.pricing')}</p> : null}
        {state === 'failed' ? (
          <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
            <p>{t('vendors.payments.priceFailed')}</p>
            <Button type="button" variant="outline" size="sm" onClick={() => quote.send({ type: 'quote.retry' })}>
              {t('vendors.payments.retryPrice')}
            </Button>
          </div>
        ) : null}
        {result && (state === 'priced' || state === 'refused') ? (
          <dl aria-label={t('vendors.payments.breakdown')} className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
            <div className={row}>
              <dt>{t('vendors.payments.price')}</dt>
              <dd>{money(result.price)}</dd>
            </div>
            {applied ? (
              <div className={row}>
                <dt>{t('vendors.payments.discount', { code: applied })}</dt>
                <dd>{money(-result.discount)}</dd>
              </div>
            ) : null}
            <div className={row}>
              <dt>{t('vendors.payments.net')}</dt>
              <dd>{money(result.net)}</dd>
            </div>
            <div className={row}>
              <dt>{t('vendors.payments.vat', { percent: result.vat_percent })}</dt>
              <dd>{money(result.vat)}</dd>
            </div>
            <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '4', fontWeight: '700' })}>
              <dt>{t('vendors.payments.total')}</dt>
              <dd>{money(result.total)}</dd>
            </div>
          </dl>
        ) : null}
      </div>
    </div>
  )
}
