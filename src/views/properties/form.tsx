import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { attributeTypes } from '../../contract/core'
import {
  type AttributeType,
  isChoiceAttributeType,
  propertiesResource,
  propertiesScreens,
  propertyCreateBody,
  type PropertyDetail,
  propertyUpdateBody,
  type PropertyValueInput,
} from '../../contract/properties'
import { FormTextField } from '../../forms/fields'
import { FormBilingualFields, FormSelectField, FormSwitch } from '../../forms/ark-fields'
import { Button } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { MinusIcon, PlusIcon } from '../../ui/icons'
import { ResourceForm, formStyles, type ServerError } from '../shared/resource-form'

type Values = {
  name_ar: string
  name_en: string
  description_ar: string | null
  description_en: string | null
  attribute_type: AttributeType
  values: PropertyValueInput[]
  is_active: boolean
}

function valuesOf(record: Partial<PropertyDetail>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    description_ar: tr('ar')?.description ?? null,
    description_en: tr('en')?.description ?? null,
    attribute_type: record.attribute_type ?? 'TEXT',
    values: (record.values ?? []).map((v) => ({ value_ar: v.value_ar, value_en: v.value_en })),
    is_active: record.is_active ?? true,
  }
}

/** Empty optional texts are sent as null; values only go with choice types. */
const payloadOf = (values: Values) => ({
  ...values,
  description_ar: values.description_ar?.trim() ? values.description_ar : null,
  description_en: values.description_en?.trim() ? values.description_en : null,
  values: isChoiceAttributeType(values.attribute_type)
    ? (values.values ?? []).map((v) => ({ value_ar: v.value_ar ?? '', value_en: v.value_en ?? '' }))
    : [],
})

/** The values of a SELECT / MULTI_SELECT property: rows of Arabic and English text, added and removed. */
function ValuesEditor({ serverError }: { serverError: ServerError }) {
  const { t } = useTranslation()
  const type = useField<AttributeType>('attribute_type', { subscription: { value: true } }).input.value
  const { input, meta } = useField<PropertyValueInput[]>('values', { subscription: { value: true, error: true, submitFailed: true } })
  if (!isChoiceAttributeType(type)) return null
  const rows = Array.isArray(input.value) ? input.value : []
  const listError = typeof meta.error === 'string' && meta.submitFailed ? meta.error : serverError('values')
  return (
    <fieldset
      className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', flexDir: 'column', gap: '3' })}
      aria-describedby={listError ? 'values-error' : undefined}
    >
      <legend className={css({ fontWeight: '700', mb: '2' })}>{t('properties.fields.values')}</legend>
      {rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('properties.noValues')}</p> : null}
      {rows.map((_, index) => (
        <div
          key={index}
          className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr auto' }, gap: '3', alignItems: 'end' })}
        >
          <FormTextField
            name={`values.${index}.value_ar`}
            label={t('properties.fields.value_ar', { n: index + 1 })}
            lang="ar"
            required
            serverError={serverError(`values.${index}.value_ar`)}
          />
          <FormTextField
            name={`values.${index}.value_en`}
            label={t('properties.fields.value_en', { n: index + 1 })}
            lang="en"
            required
            serverError={serverError(`values.${index}.value_en`)}
          />
          <Button
            variant="ghost"
            className={css({ color: 'danger.fg', mb: '0.5' })}
            aria-label={t('properties.removeValue', { n: index + 1 })}
            onClick={() => input.onChange(rows.filter((__, i) => i !== index))}
          >
            <MinusIcon width={16} height={16} />
            {t('actions.delete')}
          </Button>
        </div>
      ))}
      {listError ? (
        <p id="values-error" role="alert" className={fieldStyles.error}>
          {listError}
        </p>
      ) : null}
      <div>
        <Button variant="outline" size="sm" onClick={() => input.onChange([...rows, { value_ar: '', value_en: '' }])}>
          <PlusIcon width={16} height={16} />
          {t('properties.addValue')}
        </Button>
      </div>
    </fieldset>
  )
}

const schemas = { create: propertyCreateBody, update: propertyUpdateBody }

/** Create (no id) or edit a property; saving shows it. */
export function PropertyFormScreen() {
  const { t } = useTranslation()
  return (
    <ResourceForm<Values, PropertyDetail>
      resource={propertiesResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={(saved) => propertiesScreens.view(saved)}
      listPath={propertiesScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('properties.fields.name_ar'), en: t('properties.fields.name_en') }}
            required
            serverError={serverError}
          />
          <FormBilingualFields
            name="description"
            labels={{ ar: t('properties.fields.description_ar'), en: t('properties.fields.description_en') }}
            rows={3}
            serverError={serverError}
          />
          <FormSelectField
            name="attribute_type"
            label={t('properties.fields.attribute_type')}
            options={attributeTypes.map((value) => ({ value, label: t(`lists.attribute_types.${value}`) }))}
            serverError={serverError('attribute_type')}
          />
          <FormSwitch name="is_active" label={t('properties.fields.is_active')} />
          <ValuesEditor serverError={serverError} />
        </div>
      )}
    </ResourceForm>
  )
}
