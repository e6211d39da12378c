import { useActorRef, useSelector } from '@xstate/react'
import { useEffect, useMemo } from 'react'
import { Form, FormSpy, useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { categoriesResource, categoryCreateBody, categoryUpdateBody, type CategoryDetail } from '../../contract'
import { crudFormMachine, fieldErrorsOf, formFailure, formLoadingFlags } from '../../machines/crud-form'
import { listOf } from '../../machines/lists'
import { FormTextField } from '../../forms/fields'
import { FormNumberField, FormTextareaField } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { paths } from '../../app/paths'
import { useRoot } from '../../app/root'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { SelectField } from '../../ui/select-field'
import { LoadingScreen } from '../../ui/spinner'
import { Switch } from '../../ui/switch'
import { CrudFormActions } from '../shared/crud-form-actions'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = {
  name_ar: string
  name_en: string
  description_ar: string | null
  description_en: string | null
  parent_id: number | null
  is_active: boolean
  sort_order: number
  version?: number
}

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })

/** The editable fields of a loaded category (both languages from `translations`). */
function valuesOf(record: Partial<CategoryDetail>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    description_ar: tr('ar')?.description ?? null,
    description_en: tr('en')?.description ?? null,
    parent_id: record.parent_id ?? null,
    is_active: record.is_active ?? true,
    sort_order: record.sort_order ?? 0,
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  }
}

/** Empty optional texts are sent as null. */
const payloadOf = (values: Values) => ({
  ...values,
  description_ar: values.description_ar?.trim() ? values.description_ar : null,
  description_en: values.description_en?.trim() ? values.description_en : null,
})

function ParentField({ excludeId, error }: { excludeId: number | null; error?: string | undefined }) {
  const { t } = useTranslation()
  const { lists } = useRoot()
  const { input } = useField<number | null>('parent_id', { subscription: { value: true } })
  useEffect(() => {
    lists.send({ type: 'lists.request', name: 'categories' })
  }, [lists])
  const options = useSelector(lists, (s) => listOf(s, 'categories'))
  const choices = [
    { value: 'none', label: t('categories.fields.noParent') },
    ...(options ?? []).filter((o) => o.id !== excludeId).map((o) => ({ value: String(o.id), label: o.name })),
  ]
  return (
    <SelectField
      label={t('categories.fields.parent_id')}
      value={input.value ? String(input.value) : 'none'}
      onValueChange={(value) => input.onChange(value === 'none' || !value ? null : Number(value))}
      options={choices}
      error={error}
    />
  )
}

function ActiveField() {
  const { t } = useTranslation()
  const { input } = useField<boolean>('is_active', { subscription: { value: true }, type: 'checkbox' })
  return <Switch label={t('categories.fields.is_active')} checked={Boolean(input.checked ?? input.value)} onCheckedChange={(v) => input.onChange(v)} />
}

/** Create (no id) or edit; a new id starts a new chart. */
export function CategoryFormScreen() {
  const params = useParams()
  const id = params.id ? Number(params.id) : undefined
  return <CategoryForm key={id ?? 'new'} id={id} />
}

function CategoryForm({ id }: { id: number | undefined }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const form = useActorRef(
    crudFormMachine.provide({
      actions: {
        onSaved: (_, saved) => navigate(`${paths.categories.view}/${saved.id ?? (saved.record as { id?: number } | null)?.id ?? ''}`),
        leave: () => navigate(paths.categories.list),
      },
    }),
    { input: { resource: categoriesResource, ...(id ? { id } : {}) } },
  )
  const snapshot = useSelector(form, (s) => s)
  const flags = formLoadingFlags(snapshot)
  const failure = formFailure(snapshot)
  const initialValues = useMemo(() => valuesOf(snapshot.context.record as Partial<CategoryDetail>), [snapshot.context.record])
  const validate = useMemo(() => zodValidator(id ? categoryUpdateBody : categoryCreateBody, translate), [id, translate])
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
            <FormTextField name="name_ar" label={t('categories.fields.name_ar')} required serverError={serverError('name_ar')} />
            <div dir="ltr" lang="en">
              <FormTextField name="name_en" label={t('categories.fields.name_en')} required serverError={serverError('name_en')} />
            </div>
            <FormTextareaField name="description_ar" label={t('categories.fields.description_ar')} rows={3} serverError={serverError('description_ar')} />
            <div dir="ltr" lang="en">
              <FormTextareaField name="description_en" label={t('categories.fields.description_en')} rows={3} serverError={serverError('description_en')} />
            </div>
            <ParentField excludeId={id ?? null} error={serverError('parent_id')} />
            <FormNumberField name="sort_order" label={t('categories.fields.sort_order')} min={0} serverError={serverError('sort_order')} />
            <ActiveField />
          </div>
          <CrudFormActions form={form} />
        </form>
      )}
    />
  )
}
