import { useSelector } from '@xstate/react'
import { lazy, Suspense, useMemo } from 'react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import {
  vendorCreateBody,
  vendorsResource,
  vendorsScreens,
  vendorStatuses,
  vendorUpdateBody,
  type Vendor,
  type VendorStatus,
} from '../../contract/vendors'
import { FormSelectField, FormTextareaField } from '../../forms/ark-fields'
import { FormTextField, shownError, subscription, textField } from '../../forms/fields'
import { subdomainCheckMachine, subdomainReason, subdomainState } from '../../machines/subdomain-check'
import { TextField } from '../../ui/field'
import { ResourceForm, formStyles, type ServerError } from '../shared/resource-form'
import { useChart } from '../shared/runtime'
import { useMarketplaceOptions, usePackageOptions } from './package-options'

const MultiComboboxField = lazy(() => import('../../ui/combobox-field').then((m) => ({ default: m.MultiComboboxField })))

type Values = {
  store_name: string
  company_name: string
  commercial_registration: string
  commercial_registration_expiry: string
  phone: string
  email: string
  description: string
  status: VendorStatus
  package_id: string
  subdomain: string
  tax_no: string
  marketplace_ids: number[]
  utm_source: string
}

function valuesOf(record: Partial<Vendor>): Values {
  return {
    store_name: record.store_name ?? '',
    company_name: record.company_name ?? '',
    commercial_registration: record.commercial_registration ?? '',
    commercial_registration_expiry: record.commercial_registration_expiry ?? '',
    phone: record.phone ?? '',
    email: record.email ?? '',
    description: record.description ?? '',
    status: record.status ?? 'pending',
    package_id: record.package_id ? String(record.package_id) : '',
    subdomain: record.subdomain ?? '',
    tax_no: record.tax_no ?? '',
    marketplace_ids: (record.marketplaces ?? []).map((m) => m.id),
    utm_source: record.utm_source ?? '',
  }
}

const orNull = (value: string | undefined) => (value && value.trim() ? value.trim() : null)

/** Empty optional texts go as null, the package as a number, the marketplaces as their ids. */
const payloadOf = (values: Values) => ({
  store_name: values.store_name ?? '',
  company_name: values.company_name ?? '',
  commercial_registration: values.commercial_registration ?? '',
  commercial_registration_expiry: orNull(values.commercial_registration_expiry),
  phone: values.phone ?? '',
  email: values.email ?? '',
  description: orNull(values.description),
  status: values.status,
  package_id: values.package_id ? Number(values.package_id) : null,
  subdomain: (values.subdomain ?? '').trim().toLowerCase(),
  tax_no: orNull(values.tax_no),
  marketplace_ids: values.marketplace_ids ?? [],
  utm_source: orNull(values.utm_source),
})

/** The marketplaces the vendor sells on: a searchable choice of several, each shown as a removable chip. */
function MarketplacesField({ serverError }: { serverError: string | undefined }) {
  const { t } = useTranslation()
  const options = useMarketplaceOptions()
  const { input, meta } = useField<number[]>('marketplace_ids', { subscription })
  const value = useMemo(() => (Array.isArray(input.value) ? input.value.map(String) : []), [input.value])
  return (
    <Suspense>
      <MultiComboboxField
        name="marketplace_ids"
        label={t('vendors.fields.marketplaces')}
        value={value}
        options={options}
        placeholder={t('vendors.marketplacesPlaceholder')}
        helper={t('vendors.marketplacesHint')}
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

/** The subdomain, its availability asked of the server while typing (the subdomainCheck chart). */
function SubdomainField({ serverError, exceptId }: { serverError: string | undefined; exceptId: number | null }) {
  const { t } = useTranslation()
  const { input, meta } = useField<string>('subdomain', textField)
  const checker = useChart(subdomainCheckMachine, { exceptId })
  const state = useSelector(checker, subdomainState)
  const reason = useSelector(checker, subdomainReason)
  const error = shownError(meta, serverError) ?? (state === 'unavailable' ? (reason ?? undefined) : undefined)
  const helper =
    state === 'checking'
      ? t('vendors.subdomain.checking')
      : state === 'available'
        ? t('vendors.subdomain.available')
        : t('vendors.subdomain.hint')
  return (
    <TextField
      {...input}
      dir="ltr"
      required
      autoComplete="off"
      spellCheck={false}
      label={t('vendors.fields.subdomain')}
      error={error}
      helper={<span aria-live="polite">{helper}</span>}
      onChange={(e) => {
        input.onChange(e)
        checker.send({ type: 'subdomain.typed', value: e.target.value })
      }}
    />
  )
}

const schemas = { create: vendorCreateBody, update: vendorUpdateBody }

function Fields({ serverError, exceptId }: { serverError: ServerError; exceptId: number | null }) {
  const { t } = useTranslation()
  const packageOptions = usePackageOptions()
  return (
    <div className={formStyles.grid}>
      <FormTextField name="store_name" label={t('vendors.fields.store_name')} required serverError={serverError('store_name')} />
      <FormTextField name="company_name" label={t('vendors.fields.company_name')} required serverError={serverError('company_name')} />
      <FormTextField
        name="commercial_registration"
        label={t('vendors.fields.commercial_registration')}
        required
        inputMode="text"
        serverError={serverError('commercial_registration')}
      />
      <FormTextField
        name="commercial_registration_expiry"
        type="date"
        label={t('vendors.fields.commercial_registration_expiry')}
        serverError={serverError('commercial_registration_expiry')}
      />
      <FormTextField
        name="phone"
        type="tel"
        inputMode="tel"
        label={t('vendors.fields.phone')}
        required
        serverError={serverError('phone')}
      />
      <FormTextField
        name="email"
        type="email"
        inputMode="email"
        label={t('vendors.fields.email')}
        required
        serverError={serverError('email')}
      />
      <SubdomainField serverError={serverError('subdomain')} exceptId={exceptId} />
      <FormSelectField
        name="status"
        label={t('vendors.fields.status')}
        options={vendorStatuses.map((value) => ({ value, label: t(`vendors.statuses.${value}`) }))}
        serverError={serverError('status')}
      />
      <FormSelectField
        name="package_id"
        label={t('vendors.fields.package_id')}
        placeholder={t('vendors.noPackage')}
        options={packageOptions}
        serverError={serverError('package_id')}
      />
      <FormTextField name="tax_no" label={t('vendors.fields.tax_no')} serverError={serverError('tax_no')} />
      <MarketplacesField serverError={serverError('marketplace_ids')} />
      <FormTextField name="utm_source" label={t('vendors.fields.utm_source')} serverError={serverError('utm_source')} />
      <FormTextareaField name="description" label={t('vendors.fields.description')} rows={3} serverError={serverError('description')} />
    </div>
  )
}

/** Create (no id) or edit a vendor; saving shows it. */
export function VendorFormScreen() {
  const { id } = useParams()
  const exceptId = id ? Number(id) : null
  return (
    <ResourceForm<Values, Vendor>
      resource={vendorsResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={(saved) => vendorsScreens.view(saved)}
      listPath={vendorsScreens.list}
    >
      {(serverError) => <Fields serverError={serverError} exceptId={exceptId} />}
    </ResourceForm>
  )
}
