import { useState } from 'react'
import { useFormState } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
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
import { Button } from '../../ui/button'
import { ResourceForm, formStyles } from '../shared/resource-form'
import { useLang } from '../shared/runtime'
import { TaxonomyImportDialog } from './taxonomy-import'

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

/** The edit screen's way to the taxonomy import (the same dialog as the list's row). */
function TaxonomySection({ id }: { id: number }) {
  const { t } = useTranslation()
  const lang = useLang()
  const { values } = useFormState<Values>({ subscription: { values: true } })
  const [open, setOpen] = useState(false)
  const name = (lang === 'ar' ? values.name_ar : values.name_en) || values.name_en || values.name_ar || ''
  return (
    <div
      className={css({
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        p: '4',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        bg: 'bg.subtle',
      })}
    >
      <p className={css({ fontSize: 'sm', color: 'fg.muted', flex: '1', minW: '60' })}>{t('marketplaces.taxonomy.description')}</p>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        {t('marketplaces.taxonomy.open')}
      </Button>
      <TaxonomyImportDialog marketplace={open ? { id, name } : null} onClose={() => setOpen(false)} onImported={() => {}} />
    </div>
  )
}

const schemas = { create: marketplaceCreateBody, update: marketplaceUpdateBody }

/** Create (no id) or edit a marketplace; saving goes back to the list. */
export function MarketplaceFormScreen() {
  const { t } = useTranslation()
  const id = Number(useParams().id)
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
          {id > 0 ? (
            <div className={formStyles.wide}>
              <TaxonomySection id={id} />
            </div>
          ) : null}
        </div>
      )}
    </ResourceForm>
  )
}
