import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import {
  referralGroupCreateBody,
  referralGroupsResource,
  referralGroupsScreens,
  referralGroupUpdateBody,
  type ReferralGroup,
} from '../../contract/referral-code-groups'
import { FormBilingualFields, FormNumberField, FormSwitch } from '../../forms/ark-fields'
import { ResourceForm, formStyles } from '../shared/resource-form'

type Values = {
  name_ar: string
  name_en: string
  percentage: number | undefined
  number_of_months: number | undefined
  is_default: boolean
  is_active: boolean
}

const valuesOf = (record: Partial<ReferralGroup>): Values => {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    percentage: record.percentage,
    number_of_months: record.number_of_months,
    is_default: record.is_default ?? false,
    is_active: record.is_active ?? true,
  }
}

const schemas = { create: referralGroupCreateBody, update: referralGroupUpdateBody }

/** Create (no id) or edit a referral code group; making it the default takes the mark from the group that has it. */
export function ReferralGroupFormScreen() {
  const { t } = useTranslation()
  return (
    <ResourceForm<Values, ReferralGroup>
      resource={referralGroupsResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={(values) => values}
      savedPath={(id) => referralGroupsScreens.view(id)}
      listPath={referralGroupsScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('referral-code-groups.fields.name_ar'), en: t('referral-code-groups.fields.name_en') }}
            required
            serverError={serverError}
          />
          <FormNumberField
            name="percentage"
            label={t('referral-code-groups.fields.percentage')}
            min={0.01}
            max={100}
            formatOptions={{ maximumFractionDigits: 2, useGrouping: false }}
            required
            serverError={serverError('percentage')}
          />
          <FormNumberField
            name="number_of_months"
            label={t('referral-code-groups.fields.number_of_months')}
            min={1}
            max={120}
            formatOptions={{ maximumFractionDigits: 0 }}
            required
            serverError={serverError('number_of_months')}
          />
          <div className={formStyles.wide}>
            <FormSwitch name="is_default" label={t('referral-code-groups.fields.is_default')} />
            <p className={css({ color: 'fg.muted', fontSize: 'sm', mt: '1' })}>{t('referral-code-groups.defaultHint')}</p>
            {serverError('is_default') ? (
              <p role="alert" className={css({ color: 'fg.error', fontSize: 'sm', mt: '1' })}>
                {serverError('is_default')}
              </p>
            ) : null}
          </div>
          <FormSwitch name="is_active" label={t('referral-code-groups.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
