import { useTranslation } from 'react-i18next'
import {
  marketplaceCreateBody,
  marketplacesResource,
  marketplacesScreens,
  marketplaceUpdateBody,
  type Marketplace,
} from '../../contract/marketplaces'
import { FormBilingualFields, FormSwitch } from '../../forms/ark-fields'
import { FormTextField } from '../../forms/fields'
import { FormImageField } from '../shared/image-field'
import { ResourceForm, formStyles } from '../shared/resource-form'

type Values = {
  name_ar: string
  name_en: string
  website: string
  market_id: string | null
  market_url: string | null
  gateway_type: string | null
  image: string | null
  is_linked: boolean
  is_active: boolean
}

/** The editable fields of a loaded marketplace (both names from `translations`). */
function valuesOf(record: Partial<Marketplace>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    website: record.website ?? '',
    market_id: record.market_id ?? null,
    market_url: record.market_url ?? null,
    gateway_type: record.gateway_type ?? null,
    image: record.image ?? null,
    is_linked: record.is_linked ?? false,
    is_active: record.is_active ?? true,
  }
}

const orNull = (value: string | null | undefined) => (value?.trim() ? value : null)

/** Empty optional texts are sent as null. */
const payloadOf = (values: Values) => ({
  ...values,
  website: values.website ?? '',
  market_id: orNull(values.market_id),
  market_url: orNull(values.market_url),
  gateway_type: orNull(values.gateway_type),
})

const schemas = { create: marketplaceCreateBody, update: marketplaceUpdateBody }

/** Create (no id) or edit a marketplace; saving goes back to the list. */
export function MarketplaceFormScreen() {
  const { t } = useTranslation()
  return (
    <ResourceForm<Values, Marketplace>
      resource={marketplacesResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={() => marketplacesScreens.list}
      listPath={marketplacesScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('marketplaces.fields.name_ar'), en: t('marketplaces.fields.name_en') }}
            required
            serverError={serverError}
          />
          <FormTextField
            name="website"
            type="url"
            lang="en"
            label={t('marketplaces.fields.website')}
            required
            autoComplete="url"
            serverError={serverError('website')}
          />
          <FormTextField
            name="market_url"
            type="url"
            lang="en"
            label={t('marketplaces.fields.market_url')}
            serverError={serverError('market_url')}
          />
          <FormTextField name="market_id" lang="en" label={t('marketplaces.fields.market_id')} serverError={serverError('market_id')} />
          <FormTextField
            name="gateway_type"
            lang="en"
            label={t('marketplaces.fields.gateway_type')}
            serverError={serverError('gateway_type')}
          />
          <div className={formStyles.wide}>
            <FormImageField name="image" label={t('marketplaces.fields.image')} serverError={serverError('image')} />
          </div>
          <FormSwitch name="is_linked" label={t('marketplaces.fields.linkedSwitch')} />
          <FormSwitch name="is_active" label={t('marketplaces.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
