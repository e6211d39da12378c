import { lazy, Suspense, useMemo } from 'react'
import { useField, useForm } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { couponCreateBody, couponsResource, couponsScreens, couponTypes, couponUpdateBody, type Coupon } from '../../contract/coupons'
import { businessDayOf } from '../../domain/money'
import { FormBilingualFields, FormNumberField, FormSelectField, FormSwitch } from '../../forms/ark-fields'
import { FormTextField, shownError, subscription } from '../../forms/fields'
import { Button } from '../../ui/button'
import { ResourceForm, formStyles, type ServerError } from '../shared/resource-form'
import { useSelectList } from '../shared/runtime'

const DateField = lazy(() => import('../../ui/date-field').then((m) => ({ default: m.DateField })))
const MultiComboboxField = lazy(() => import('../../ui/combobox-field').then((m) => ({ default: m.MultiComboboxField })))

type CouponType = Coupon['type']

type Values = {
  name_ar: string
  name_en: string
  code: string
  type: CouponType
  value: number | undefined
  from: string
  to: string
  user_count: number | undefined
  package_ids: number[]
  is_active: boolean
}

const valuesOf = (record: Partial<Coupon>): Values => {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    code: record.code ?? '',
    type: record.type ?? 'PERCENTAGE',
    value: record.value,
    from: record.from ?? '',
    to: record.to ?? '',
    user_count: record.user_count,
    package_ids: record.package_ids ?? [],
    is_active: record.is_active ?? true,
  }
}

const payloadOf = (values: Values) => ({ ...values, package_ids: values.package_ids ?? [] })

/** Letters and digits that cannot be misread (no O/0, I/1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const generatedCode = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')
}

/** The code with its Generate button. */
function CodeField({ serverError }: { serverError: ServerError }) {
  const { t } = useTranslation()
  const form = useForm()
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
      <div className={css({ flex: '1', minW: '0' })}>
        <FormTextField name="code" label={t('coupons.fields.code')} required serverError={serverError('code')} />
      </div>
      <Button
        variant="outline"
        className={css({ mt: '7' })}
        aria-label={t('coupons.generateLabel')}
        onClick={() => form.change('code', generatedCode())}
      >
        {t('coupons.generate')}
      </Button>
    </div>
  )
}

function FormDateField({ name, label, minDate, serverError }: { name: string; label: string; minDate?: string; serverError?: string }) {
  const { t } = useTranslation()
  const { input, meta } = useField<string>(name, { subscription })
  return (
    <Suspense>
      <DateField
        name={name}
        label={label}
        required
        value={input.value ?? ''}
        {...(minDate ? { minDate } : {})}
        onValueChange={(next) => input.onChange(next || undefined)}
        onBlur={() => input.onBlur()}
        error={shownError(meta, serverError)}
        openLabel={t('table.openCalendar')}
        prevLabel={t('table.previousMonth')}
        nextLabel={t('table.nextMonth')}
      />
    </Suspense>
  )
}

function PackagesField({ serverError }: { serverError?: string }) {
  const { t } = useTranslation()
  const { list } = useSelectList('subscription-packages', { all: '1' })
  const options = useMemo(() => (list ?? []).map((p) => ({ value: String(p.id), label: p.name })), [list])
  const { input, meta } = useField<number[]>('package_ids', { subscription })
  const value = useMemo(() => (Array.isArray(input.value) ? input.value.map(String) : []), [input.value])
  return (
    <Suspense>
      <MultiComboboxField
        name="package_ids"
        label={t('coupons.fields.package_ids')}
        required
        value={value}
        options={options}
        placeholder={t('coupons.packagesPlaceholder')}
        emptyText={t('table.noMatch')}
        removeLabel={(option) => t('table.removeChoice', { name: option })}
        openLabel={t('table.openChoices')}
        onValueChange={(next) => input.onChange(next.map(Number))}
        onBlur={() => input.onBlur()}
        error={shownError(meta, serverError)}
      />
    </Suspense>
  )
}

function ValueField({ serverError }: { serverError?: string }) {
  const { t } = useTranslation()
  const type = useField<CouponType>('type', { subscription: { value: true } }).input.value
  return (
    <FormNumberField
      name="value"
      label={t(type === 'FIXED' ? 'coupons.fields.value_fixed' : 'coupons.fields.value_percent')}
      min={type === 'FIXED' ? 0.01 : 1}
      {...(type === 'FIXED' ? {} : { max: 100 })}
      formatOptions={{ maximumFractionDigits: type === 'FIXED' ? 2 : 0, useGrouping: false }}
      required
      serverError={serverError}
    />
  )
}

const schemas = { create: couponCreateBody, update: couponUpdateBody }

/** Create (no id) or edit a coupon; no day earlier than today can be chosen for a new one. */
export function CouponFormScreen() {
  const { t } = useTranslation()
  const creating = !useParams().id
  const today = businessDayOf(new Date())
  return (
    <ResourceForm<Values, Coupon>
      resource={couponsResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={() => couponsScreens.list}
      listPath={couponsScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('coupons.fields.name_ar'), en: t('coupons.fields.name_en') }}
            required
            serverError={serverError}
          />
          <CodeField serverError={serverError} />
          <FormSelectField
            name="type"
            label={t('coupons.fields.type')}
            options={couponTypes.map((value) => ({ value, label: t(`coupons.types.${value}`) }))}
            serverError={serverError('type')}
          />
          <ValueField serverError={serverError('value')} />
          <FormNumberField
            name="user_count"
            label={t('coupons.fields.user_count')}
            min={1}
            formatOptions={{ maximumFractionDigits: 0 }}
            required
            serverError={serverError('user_count')}
          />
          <FormDateField
            name="from"
            label={t('coupons.fields.from')}
            {...(creating ? { minDate: today } : {})}
            serverError={serverError('from')}
          />
          <FormDateField
            name="to"
            label={t('coupons.fields.to')}
            {...(creating ? { minDate: today } : {})}
            serverError={serverError('to')}
          />
          <div className={formStyles.wide}>
            <PackagesField serverError={serverError('package_ids')} />
          </div>
          <FormSwitch name="is_active" label={t('coupons.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
