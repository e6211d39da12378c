import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form, FormSpy, useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  attributeTypes,
  isChoiceAttributeType,
  propertiesResource,
  propertyCreateBody,
  propertyUpdateBody,
  type AttributeType,
  type PropertyDetail,
  type PropertyValueInput,
} from '../../contract'
import { crudFormMachine, fieldErrorsOf, formFailure, formLoadingFlags } from '../../machines/crud-form'
import { FormTextField } from '../../forms/fields'
import { FormSelectField, FormTextareaField } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { paths } from '../../app/paths'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { MinusIcon, PlusIcon } from '../../ui/icons'
import { LoadingScreen } from '../../ui/spinner'
import { Switch } from '../../ui/switch'
import { CrudFormActions } from '../shared/crud-form-actions'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = {
  name_ar: string
  name_en: string
  description_ar: string | null
  description_en: string | null
  attribute_type: AttributeType
  values: PropertyValueInput[]
  is_active: boolean
  version?: number
}

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })

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
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  }
}

/** Empty optional texts are sent as null; values only go with choice types. */
const payloadOf = (values: Values) => ({
  ...values,
  description_ar: values.description_ar?.trim() ? values.description_ar : null,
  description_en: values.description_en?.trim() ? values.description_en : null,
  values: isChoiceAttributeType(values.attribute_type) ? (values.values ?? []).map((v) => ({ value_ar: v.value_ar ?? '', value_en: v.value_en ?? '' })) : [],
})

function ActiveField() {
  const { t } = useTranslation()
  const { input } = useField<boolean>('is_active', { subscription: { value: true }, type: 'checkbox' })
  return <Switch label={t('properties.fields.is_active')} checked={Boolean(input.checked ?? input.value)} onCheckedChange={(v) => input.onChange(v)} />
}

/** The values of a SELECT / MULTI_SELECT property: rows of Arabic and English text, added and removed. */
function ValuesEditor({ serverError }: { serverError: (field: string) => string | undefined }) {
  const { t } = useTranslation()
  const type = useField<AttributeType>('attribute_type', { subscription: { value: true } }).input.value
  const { input, meta } = useField<PropertyValueInput[]>('values', { subscription: { value: true, error: true, submitFailed: true } })
  if (!isChoiceAttributeType(type)) return null
  const rows = Array.isArray(input.value) ? input.value : []
  const listError = typeof meta.error === 'string' && meta.submitFailed ? meta.error : serverError('values')
  return (
    <fieldset className={css({ gridColumn: { md: '1 / -1' }, display: 'flex', flexDir: 'column', gap: '3' })} aria-describedby={listError ? 'values-error' : undefined}>
      <legend className={css({ fontWeight: '700', mb: '2' })}>{t('properties.fields.values')}</legend>
      {rows.length === 0 ? <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('properties.noValues')}</p> : null}
      {rows.map((_, index) => (
        <div key={index} className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr auto' }, gap: '3', alignItems: 'end' })}>
          <FormTextField name={`values.${index}.value_ar`} label={t('properties.fields.value_ar', { n: index + 1 })} required serverError={serverError(`values.${index}.value_ar`)} />
          <div dir="ltr" lang="en">
            <FormTextField name={`values.${index}.value_en`} label={t('properties.fields.value_en', { n: index + 1 })} required serverError={serverError(`values.${index}.value_en`)} />
          </div>
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

export function PropertyFormScreen() {
  const params = useParams()
  const id = params.id ? Number(params.id) : undefined
  return <PropertyForm key={id ?? 'new'} id={id} />
}

function PropertyForm({ id }: { id: number | undefined }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const form = useActorRef(
    crudFormMachine.provide({
      actions: {
        onSaved: (_, saved) => navigate(`${paths.properties.view}/${saved.id ?? (saved.record as { id?: number } | null)?.id ?? ''}`),
        leave: () => navigate(paths.properties.list),
      },
    }),
    { input: { resource: propertiesResource, ...(id ? { id } : {}) } },
  )
  const snapshot = useSelector(form, (s) => s)
  const flags = formLoadingFlags(snapshot)
  const failure = formFailure(snapshot)
  const initialValues = useMemo(() => valuesOf(snapshot.context.record as Partial<PropertyDetail>), [snapshot.context.record])
  const validate = useMemo(() => zodValidator(id ? propertyUpdateBody : propertyCreateBody, translate), [id, translate])
  const serverError = (field: string) => fieldErrorsOf(snapshot, field)[0]

  if (flags.item || snapshot.matches('starting')) return <LoadingScreen label={t('common.loading')} />
  if (snapshot.matches('loadFailed')) {
    return (
      <div className={card}>
        <Alert tone="error">{failure?.message || t('form.loadFailed')}</Alert>
        <Button className={css({ mt: '4' })} onClick={() => form.send({ type: 'form.retry' })}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    )
  }

  return (
    <Form<Values>
      initialValues={initialValues}
      validate={(values) => validate(payloadOf(values))}
      onSubmit={(values) => {
        form.send({ type: 'form.submit', values: payloadOf(values) })
      }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate className={card} aria-busy={flags.crud}>
          <FormSpy subscription={{ dirty: true }} onChange={({ dirty }) => form.send({ type: 'form.changed', dirty: Boolean(dirty) })} />
          <div className={grid}>
            <FormTextField name="name_ar" label={t('properties.fields.name_ar')} required serverError={serverError('name_ar')} />
            <div dir="ltr" lang="en">
              <FormTextField name="name_en" label={t('properties.fields.name_en')} required serverError={serverError('name_en')} />
            </div>
            <FormTextareaField name="description_ar" label={t('properties.fields.description_ar')} rows={3} serverError={serverError('description_ar')} />
            <div dir="ltr" lang="en">
              <FormTextareaField name="description_en" label={t('properties.fields.description_en')} rows={3} serverError={serverError('description_en')} />
            </div>
            <FormSelectField
              name="attribute_type"
              label={t('properties.fields.attribute_type')}
              options={attributeTypes.map((value) => ({ value, label: t(`lists.attribute_types.${value}`) }))}
              serverError={serverError('attribute_type')}
            />
            <ActiveField />
            <ValuesEditor serverError={serverError} />
          </div>
          <CrudFormActions form={form} />
        </form>
      )}
    />
  )
}
