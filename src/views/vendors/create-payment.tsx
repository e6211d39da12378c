import { useSelector } from '@xstate/react'
import { useMemo, useRef, useState } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { offeredPaymentMethods } from '../../contract/payments'
import { paymentCreateFields, type Vendor } from '../../contract/vendors'
import { FormSelectField } from '../../forms/ark-fields'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { isRecording, paymentRecordMachine, recordFailure } from '../../machines/payment-record'
import { Button } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { FailureDialog } from '../shared/failure-dialog'
import { formStyles } from '../shared/resource-form'
import { useChart, useToaster } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'

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
          actor.send({
            type: 'payment.submit',
            file,
            fields: {
              payment_number: values.payment_number ?? '',
              amount: values.amount ?? '',
              method: values.method,
              payment_date: values.payment_date ?? '',
              ...(values.package_id ? { package_id: values.package_id } : {}),
            },
          })
        }}
      >
        {({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
            <div className={formStyles.grid}>
              <FormTextField
                name="package_id"
                label={t('vendors.payments.package')}
                inputMode="text"
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
              <div className={fieldStyles.root}>
                <label htmlFor="payment-file" className={fieldStyles.label}>
                  {t('vendors.payments.file')}
                </label>
                <input
                  id="payment-file"
                  type="file"
                  accept="image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf"
                  aria-invalid={fileError ? true : undefined}
                  aria-describedby={fileError ? 'payment-file-error' : undefined}
                  className={css({ fontSize: 'sm', maxW: 'full' })}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null)
                    setFileTouched(true)
                  }}
                />
                {fileError ? (
                  <p id="payment-file-error" role="alert" className={fieldStyles.error}>
                    {fileError}
                  </p>
                ) : null}
              </div>
            </div>
            <div>
              <Button type="submit" loading={recording} loadingText={t('vendors.payments.recording')}>
                {t('vendors.payments.record')}
              </Button>
            </div>
          </form>
        )}
      </Form>
      <FailureDialog
        message={failure && Object.keys(failure.errors).length === 0 ? failure.message || t('errors.generic') : null}
        onClose={() => actor.send({ type: 'payment.dismiss' })}
      />
    </section>
  )
}
