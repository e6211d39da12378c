import { useSelector } from '@xstate/react'
import { useMemo, useState } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { packagesResource, packagesScreens, packageSettingsBody, type BankAccount, type PackageSettings } from '../../contract/packages'
import { crudFormMachine, formFailure, formLoadingFlags, initialValuesOf } from '../../machines/crud-form'
import { packageSettingsActors } from '../../machines/package-settings'
import { zodValidator } from '../../forms/zod-adapter'
import { FormTextField } from '../../forms/fields'
import { FormNumberField, FormTextareaField } from '../../forms/ark-fields'
import { Button } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { MinusIcon, PlusIcon } from '../../ui/icons'
import { LoadingScreen } from '../../ui/spinner'
import { LoadFailed } from '../shared/card'
import { formatDateTime } from '../shared/format'
import { useGuardedForm } from '../shared/form-guard'
import { useNavigationGuard } from '../shared/navigation-guard'
import { CrudFormBody, formStyles, type ServerError } from '../shared/resource-form'
import { useChart, useLang, useToaster } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = Omit<PackageSettings, 'version' | 'updated_at'>

const valuesOf = (record: Partial<PackageSettings>): Values => ({
  vat_percent: record.vat_percent ?? 15,
  free_trial_days: record.free_trial_days ?? 14,
  invoice_prefix: record.invoice_prefix ?? '',
  seller_name_ar: record.seller_name_ar ?? '',
  seller_name_en: record.seller_name_en ?? '',
  seller_vat_number: record.seller_vat_number ?? '',
  seller_address: record.seller_address ?? '',
  bank_accounts: record.bank_accounts ?? [],
})

const payloadOf = (values: Values) => ({
  ...values,
  bank_accounts: (values.bank_accounts ?? []).map((a) => ({
    bank_name: a?.bank_name ?? '',
    holder_name: a?.holder_name ?? '',
    iban: a?.iban ?? '',
  })),
})

const section = css({
  gridColumn: { md: '1 / -1' },
  w: 'full',
  fontSize: 'lg',
  fontWeight: '700',
  mt: '2',
  pb: '2',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})

/** The bank accounts vendors pay to: rows of bank, holder and IBAN, added and removed. */
function BankAccounts({ serverError }: { serverError: ServerError }) {
  const { t } = useTranslation()
  const { input } = useField<BankAccount[]>('bank_accounts', { subscription: { value: true } })
  const rows = Array.isArray(input.value) ? input.value : []
  return (
    <fieldset className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', flexDir: 'column', gap: '4', minW: '0' })}>
      <legend className={section}>{t('subscription-packages.general.banksTitle')}</legend>
      <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('subscription-packages.general.banksHint')}</p>
      {rows.length === 0 ? (
        <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('subscription-packages.general.noBanks')}</p>
      ) : null}
      {rows.map((_, index) => (
        <div
          key={index}
          className={css({
            display: 'grid',
            gridTemplateColumns: { base: '1fr', lg: '1fr 1fr 1.4fr auto' },
            gap: '3',
            alignItems: 'start',
            p: '3',
            borderWidth: '1px',
            borderColor: 'border.default',
            borderRadius: 'md',
          })}
        >
          <FormTextField
            name={`bank_accounts.${index}.bank_name`}
            label={t('subscription-packages.fields.bank_name', { n: index + 1 })}
            required
            serverError={serverError(`bank_accounts.${index}.bank_name`)}
          />
          <FormTextField
            name={`bank_accounts.${index}.holder_name`}
            label={t('subscription-packages.fields.holder_name', { n: index + 1 })}
            required
            serverError={serverError(`bank_accounts.${index}.holder_name`)}
          />
          <FormTextField
            name={`bank_accounts.${index}.iban`}
            label={t('subscription-packages.fields.iban', { n: index + 1 })}
            lang="en"
            required
            serverError={serverError(`bank_accounts.${index}.iban`)}
          />
          <Button
            variant="ghost"
            className={css({ color: 'danger.fg', mt: { lg: '7' } })}
            aria-label={t('subscription-packages.general.removeBank', { n: index + 1 })}
            onClick={() => input.onChange(rows.filter((__, i) => i !== index))}
          >
            <MinusIcon width={16} height={16} />
            {t('actions.delete')}
          </Button>
        </div>
      ))}
      <p className={css({ color: 'fg.muted', fontSize: 'xs' })}>{t('subscription-packages.general.ibanHint')}</p>
      <div>
        <Button variant="outline" size="sm" onClick={() => input.onChange([...rows, { bank_name: '', holder_name: '', iban: '' }])}>
          <PlusIcon width={16} height={16} />
          {t('subscription-packages.general.addBank')}
        </Button>
      </div>
    </fieldset>
  )
}

/** The packages' general settings; after a save the page starts again from what was saved. */
export function PackageSettingsScreen() {
  const [round, setRound] = useState(0)
  return <SettingsForm key={round} onSaved={() => setRound((n) => n + 1)} />
}

function SettingsForm({ onSaved }: { onSaved: () => void }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const toaster = useToaster()
  const guard = useNavigationGuard()
  const lang = useLang()
  const form = useChart(
    crudFormMachine.provide({
      actors: packageSettingsActors,
      actions: {
        onSaved: (_, saved) => {
          toaster.success({ title: saved.message })
          onSaved()
        },
        leave: () => {
          guard.leaving()
          navigate(packagesScreens.list)
        },
        ...guard.actions,
      },
    }),
    { resource: packagesResource, id: 1, fieldsOf: (loaded) => payloadOf(valuesOf(loaded as Partial<PackageSettings>)) },
  )
  useGuardedForm(form, guard)
  const loading = useSelector(form, (s) => formLoadingFlags(s).item || s.matches('starting'))
  const failed = useSelector(form, (s) => (s.matches('loadFailed') ? (formFailure(s)?.message ?? '') : null))
  const record = useSelector(form, initialValuesOf) as Partial<PackageSettings>
  const errors = useSelector(form, (s) => s.context.errors)
  const initialValues = useMemo(() => valuesOf(record), [record])
  const validate = useMemo(() => {
    const check = zodValidator(packageSettingsBody, translate)
    return (payload: unknown) => check({ ...(payload as object), version: record.version ?? 0 })
  }, [translate, record])
  const serverError: ServerError = (field) => errors[field]?.[0]

  if (loading) return <LoadingScreen label={t('common.loading')} />
  if (failed !== null)
    return (
      <LoadFailed
        message={failed}
        onRetry={() => form.send({ type: 'form.retry' })}
        onBack={() => form.send({ type: 'form.leaveRequested' })}
      />
    )
  return (
    <CrudFormBody<Values>
      form={form}
      initialValues={initialValues}
      validate={validate}
      payloadOf={payloadOf}
      className={formStyles.card}
      labelOf={(field) => t(`subscription-packages.fields.${field}`, { defaultValue: field })}
    >
      <div className={formStyles.grid}>
        <h2 className={section}>{t('subscription-packages.general.taxTitle')}</h2>
        <FormNumberField
          name="vat_percent"
          label={t('subscription-packages.fields.vat_percent')}
          min={0}
          max={100}
          formatOptions={{ maximumFractionDigits: 2 }}
          required
          serverError={serverError('vat_percent')}
        />
        <FormNumberField
          name="free_trial_days"
          label={t('subscription-packages.fields.free_trial_days')}
          min={1}
          max={365}
          formatOptions={{ maximumFractionDigits: 0 }}
          required
          serverError={serverError('free_trial_days')}
        />
        <FormTextField
          name="invoice_prefix"
          label={t('subscription-packages.fields.invoice_prefix')}
          lang="en"
          required
          serverError={serverError('invoice_prefix')}
        />
        <h2 className={section}>{t('subscription-packages.general.sellerTitle')}</h2>
        <FormTextField
          name="seller_name_ar"
          label={t('subscription-packages.fields.seller_name_ar')}
          lang="ar"
          required
          serverError={serverError('seller_name_ar')}
        />
        <FormTextField
          name="seller_name_en"
          label={t('subscription-packages.fields.seller_name_en')}
          lang="en"
          required
          serverError={serverError('seller_name_en')}
        />
        <div>
          <FormTextField
            name="seller_vat_number"
            label={t('subscription-packages.fields.seller_vat_number')}
            lang="en"
            required
            serverError={serverError('seller_vat_number')}
          />
          <p className={fieldStyles.helper}>{t('subscription-packages.general.vatHint')}</p>
        </div>
        <FormTextareaField
          name="seller_address"
          label={t('subscription-packages.fields.seller_address')}
          rows={2}
          required
          serverError={serverError('seller_address')}
        />
        <BankAccounts serverError={serverError} />
        {record.updated_at ? (
          <p className={css({ gridColumn: { md: '1 / -1' }, color: 'fg.muted', fontSize: 'sm' })}>
            {t('subscription-packages.general.updatedAt', { date: formatDateTime(record.updated_at, lang) })}
          </p>
        ) : null}
      </div>
    </CrudFormBody>
  )
}
