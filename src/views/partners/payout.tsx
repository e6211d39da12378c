import { useSelector } from '@xstate/react'
import { useMemo, useRef, useState } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { payoutFields, type Partner } from '../../contract/partners'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { payoutMachine, payoutStep, type PayoutSnapshot } from '../../machines/payout'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { PaymentFileField } from '../shared/payment-file-field'
import { formStyles } from '../shared/resource-form'
import { useChart, useLang, useToaster } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = { payment_no: string; payment_amount: string; payment_date: string }

/** Today in Riyadh, the latest payment date the server accepts. */
const today = () => new Date(Date.now() + 3 * 3_600_000).toISOString().slice(0, 10)

/**
 * A payout from the partner's wallet (the payout chart): the form shows the balance and refuses more,
 * a confirmation shows the balance before and after, then the multipart request with one
 * `Idempotency-Key` per payout; a failure offers "Try again" with the same key.
 */
export function PayoutTab({ partner, onPaid, onShowWallet }: { partner: Partner; onPaid: () => void; onShowWallet: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const toaster = useToaster()
  const translate = useTranslateRef()
  const paid = useRef(onPaid)
  paid.current = onPaid
  const actor = useChart(
    payoutMachine.provide({
      actions: {
        onPaid: (_, { message }) => {
          toaster.success({ title: message })
          paid.current()
        },
      },
    }),
    { partnerId: partner.id, balance: partner.balance_halalas },
  )
  const step = useSelector(actor, payoutStep)
  const context = useSelector(actor, (s: PayoutSnapshot) => s.context)
  const [file, setFile] = useState<File | null>(null)
  const [fileTouched, setFileTouched] = useState(false)
  const balance = context.balance
  const money = (halalas: number) => formatMoney(halalas, lang)
  const validate = useMemo(() => {
    const check = zodValidator(payoutFields, translate)
    return (values: Values) => {
      const errors = check(values) as Record<string, string>
      const amount = decimalToHalalas(values.payment_amount ?? '')
      if (!errors.payment_amount && amount !== null && amount > balance)
        errors.payment_amount = t('partners.errors.overBalance', { balance: (balance / 100).toFixed(2) })
      if (values.payment_date && values.payment_date > today()) errors.payment_date = t('partners.errors.futureDate')
      return errors
    }
  }, [translate, t, balance])
  const serverError = (field: string) => context.failure?.errors[field]?.[0]
  const fileError = serverError('payment_file') ?? (fileTouched && !file ? t('validation.required') : undefined)
  const amount = decimalToHalalas(context.fields?.payment_amount ?? '') ?? 0
  const initialValues: Values = context.fields ?? { payment_no: '', payment_amount: '', payment_date: today() }

  return (
    <section aria-labelledby="payout-title" className={css({ display: 'flex', flexDir: 'column', gap: '4', maxW: '3xl' })} data-step={step}>
      <h3 id="payout-title" className={css({ fontSize: 'lg', fontWeight: '700' })}>
        {t('partners.payout.title')}
      </h3>
      <p role="status" className={css({ fontWeight: '600' })} data-testid="payout-balance">
        {t('partners.payout.balanceNow', { balance: money(balance) })}
      </p>
      {step === 'entering' && balance <= 0 ? <Alert tone="info">{t('partners.payout.emptyWallet')}</Alert> : null}
      {step === 'entering' ? (
        <Form<Values>
          initialValues={initialValues}
          validate={validate}
          onSubmit={(values) => {
            setFileTouched(true)
            if (!file) return
            actor.send({
              type: 'payout.review',
              file,
              fields: {
                payment_no: values.payment_no ?? '',
                payment_amount: values.payment_amount ?? '',
                payment_date: values.payment_date ?? '',
              },
            })
          }}
        >
          {({ handleSubmit }) => (
            <form onSubmit={handleSubmit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
              <div className={formStyles.grid}>
                <FormTextField name="payment_no" label={t('partners.payout.payment_no')} required serverError={serverError('payment_no')} />
                <FormTextField
                  name="payment_amount"
                  label={t('partners.payout.payment_amount')}
                  required
                  inputMode="text"
                  serverError={serverError('payment_amount')}
                />
                <FormTextField
                  name="payment_date"
                  type="date"
                  label={t('partners.payout.payment_date')}
                  required
                  serverError={serverError('payment_date')}
                />
                <PaymentFileField
                  id="payout-file"
                  label={t('partners.payout.payment_file')}
                  error={fileError}
                  file={file}
                  hint={t('partners.payout.fileHint')}
                  onFile={(next) => {
                    setFile(next)
                    setFileTouched(true)
                  }}
                />
              </div>
              <div>
                <Button type="submit" disabled={balance <= 0}>
                  {t('partners.payout.review')}
                </Button>
              </div>
            </form>
          )}
        </Form>
      ) : null}
      {step === 'confirming' || step === 'submitting' ? (
        <div
          role="group"
          aria-labelledby="payout-confirm-title"
          className={css({
            borderWidth: '1px',
            borderColor: 'border.default',
            rounded: 'l2',
            p: '4',
            display: 'flex',
            flexDir: 'column',
            gap: '3',
          })}
        >
          <h4 id="payout-confirm-title" className={css({ fontWeight: '700' })}>
            {t('partners.payout.confirmTitle')}
          </h4>
          <p>
            {t('partners.payout.confirmBody', {
              amount: money(amount),
              name: partner.full_name,
              balance: money(balance),
              after: money(balance - amount),
            })}
          </p>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button
              loading={step === 'submitting'}
              loadingText={t('partners.payout.submitting')}
              onClick={() => actor.send({ type: 'payout.confirm' })}
            >
              {t('partners.payout.confirm')}
            </Button>
            <Button variant="outline" disabled={step === 'submitting'} onClick={() => actor.send({ type: 'payout.edit' })}>
              {t('partners.payout.back')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'failed' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Alert tone="error">
            <strong>{t('partners.payout.failed')}</strong>{' '}
            {[context.failure?.message || t('errors.generic'), ...Object.values(context.failure?.errors ?? {}).flat()].join(' ')}
          </Alert>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button onClick={() => actor.send({ type: 'payout.retry' })}>{t('partners.payout.retry')}</Button>
            <Button variant="outline" onClick={() => actor.send({ type: 'payout.edit' })}>
              {t('partners.payout.back')}
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'done' && context.payout ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
          <Alert tone="success">
            {t('partners.payout.done', {
              amount: money(context.payout.amount_halalas),
              balance: money(decimalToHalalas(context.payout.balance_after) ?? 0),
            })}
          </Alert>
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button
              variant="outline"
              onClick={() => {
                setFile(null)
                setFileTouched(false)
                actor.send({ type: 'payout.another' })
              }}
            >
              {t('partners.payout.another')}
            </Button>
            <Button onClick={onShowWallet}>{t('partners.payout.toWallet')}</Button>
          </div>
        </div>
      ) : null}
    </section>
  )
}
