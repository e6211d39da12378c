import { useForm } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { partnerCreateBody, partnersResource, partnersScreens, partnerUpdateBody, type Partner } from '../../contract/partners'
import { FormNumberField, FormSwitch } from '../../forms/ark-fields'
import { FormTextField } from '../../forms/fields'
import { Button } from '../../ui/button'
import { ResourceForm, formStyles, type ServerError } from '../shared/resource-form'

type Values = {
  full_name: string
  email: string
  phone: string
  second_phone: string
  commercial_registration: string
  tax_no: string
  referral_code: string
  referral_percentage: number | undefined
  referral_due_months: number | undefined
  is_active: boolean
}

const valuesOf = (record: Partial<Partner>): Values => ({
  full_name: record.full_name ?? '',
  email: record.email ?? '',
  phone: record.phone ?? '',
  second_phone: record.second_phone ?? '',
  commercial_registration: record.commercial_registration ?? '',
  tax_no: record.tax_no ?? '',
  referral_code: record.referral_code ?? '',
  referral_percentage: record.referral_percentage,
  referral_due_months: record.referral_due_months,
  is_active: record.is_active ?? true,
})

/** Empty optional fields are sent as empty: the server stores none. */
const payloadOf = (values: Values) => ({
  ...values,
  second_phone: values.second_phone ?? '',
  commercial_registration: values.commercial_registration ?? '',
  tax_no: values.tax_no ?? '',
  referral_code: values.referral_code ?? '',
})

/** Letters and digits that cannot be misread (no O/0, I/1). */
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'
const generatedCode = () => Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')

/** The referral code with its Generate button (left empty, the server generates one). */
function CodeField({ serverError }: { serverError: ServerError }) {
  const { t } = useTranslation()
  const form = useForm()
  return (
    <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
      <div className={css({ flex: '1', minW: '0' })}>
        <FormTextField
          name="referral_code"
          label={t('partners.fields.referral_code')}
          lang="en"
          autoComplete="off"
          serverError={serverError('referral_code')}
        />
        <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('partners.codeHint')}</p>
      </div>
      <Button
        variant="outline"
        className={css({ mt: '7' })}
        aria-label={t('partners.generateLabel')}
        onClick={() => form.change('referral_code', generatedCode())}
      >
        {t('partners.generate')}
      </Button>
    </div>
  )
}

const schemas = { create: partnerCreateBody, update: partnerUpdateBody }

/** Create (no id) or edit a partner. */
export function PartnerFormScreen() {
  const { t } = useTranslation()
  return (
    <ResourceForm<Values, Partner>
      resource={partnersResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={(id) => partnersScreens.view(id)}
      listPath={partnersScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormTextField name="full_name" label={t('partners.fields.full_name')} required serverError={serverError('full_name')} />
          <FormTextField
            name="email"
            type="email"
            inputMode="email"
            label={t('partners.fields.email')}
            required
            serverError={serverError('email')}
          />
          <FormTextField
            name="phone"
            type="tel"
            inputMode="tel"
            label={t('partners.fields.phone')}
            required
            serverError={serverError('phone')}
          />
          <FormTextField
            name="second_phone"
            type="tel"
            inputMode="tel"
            label={t('partners.fields.second_phone')}
            serverError={serverError('second_phone')}
          />
          <FormTextField
            name="commercial_registration"
            inputMode="text"
            label={t('partners.fields.commercial_registration')}
            serverError={serverError('commercial_registration')}
          />
          <FormTextField name="tax_no" inputMode="text" label={t('partners.fields.tax_no')} serverError={serverError('tax_no')} />
          <CodeField serverError={serverError} />
          <FormNumberField
            name="referral_percentage"
            label={t('partners.fields.referral_percentage')}
            min={0.01}
            max={100}
            formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
            required
            serverError={serverError('referral_percentage')}
          />
          <FormNumberField
            name="referral_due_months"
            label={t('partners.fields.referral_due_months')}
            min={1}
            max={120}
            formatOptions={{ maximumFractionDigits: 0 }}
            required
            serverError={serverError('referral_due_months')}
          />
          <FormSwitch name="is_active" label={t('partners.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
