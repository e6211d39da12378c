import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form, FormSpy, useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { articleCreateBody, articleLanguages, articleUpdateBody, type ArticleDetail, type ArticleLanguage } from '../../contract/articles'
import { crudFormMachine, fieldErrorsOf, formFailure, formLoadingFlags } from '../../machines/crud-form'
import { FormTextField } from '../../forms/fields'
import { FormNumberField, FormRichTextEditor, FormSelectField, FormTextareaField } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { Switch } from '../../ui/switch'
import { useEditorLabels } from '../shared/editor-labels'
import { CrudFormActions } from '../shared/crud-form-actions'
import { useTranslateRef } from '../shared/use-translate-ref'
import { articleKinds, type ArticleKind } from './kinds'

type Values = {
  title_ar: string
  title_en: string
  short_description_ar: string | null
  short_description_en: string | null
  body_ar: string
  body_en: string
  seo_link_ar: string
  seo_link_en: string
  order: number
  language: ArticleLanguage
  is_active: boolean
  version?: number
}

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const grid = css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })
const wide = css({ gridColumn: { md: '1 / -1' } })

/** The editable fields of a loaded article (both languages from `translations`). */
function valuesOf(record: Partial<ArticleDetail>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    title_ar: tr('ar')?.title ?? '',
    title_en: tr('en')?.title ?? '',
    short_description_ar: tr('ar')?.short_description ?? null,
    short_description_en: tr('en')?.short_description ?? null,
    body_ar: tr('ar')?.body ?? '',
    body_en: tr('en')?.body ?? '',
    seo_link_ar: tr('ar')?.seo_link ?? '',
    seo_link_en: tr('en')?.seo_link ?? '',
    order: record.order ?? 0,
    language: record.language ?? 'both',
    is_active: record.is_active ?? true,
    ...(typeof record.version === 'number' ? { version: record.version } : {}),
  }
}

/** Empty optional texts are sent as null. */
const payloadOf = (values: Values) => ({
  ...values,
  short_description_ar: values.short_description_ar?.trim() ? values.short_description_ar : null,
  short_description_en: values.short_description_en?.trim() ? values.short_description_en : null,
})

function ActiveField() {
  const { t } = useTranslation()
  const { input } = useField<boolean>('is_active', { subscription: { value: true }, type: 'checkbox' })
  return <Switch label={t('articles.fields.is_active')} checked={Boolean(input.checked ?? input.value)} onCheckedChange={(v) => input.onChange(v)} />
}

export function BlogFormScreen() {
  const params = useParams()
  const id = params.id ? Number(params.id) : undefined
  return <ArticleForm key={id ?? 'new'} kind="blogs" id={id} />
}

export function ContentFormScreen() {
  const params = useParams()
  const id = params.id ? Number(params.id) : undefined
  return <ArticleForm key={id ?? 'new'} kind="contents" id={id} />
}

/** Create (no id) or edit a blog post or content page; saving goes back to the list. */
function ArticleForm({ kind, id }: { kind: ArticleKind; id: number | undefined }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const editorLabels = useEditorLabels()
  const { resource, paths } = articleKinds[kind]
  const form = useActorRef(
    crudFormMachine.provide({
      actions: {
        onSaved: () => navigate(paths.list),
        leave: () => navigate(paths.list),
      },
    }),
    { input: { resource, ...(id ? { id } : {}) } },
  )
  const snapshot = useSelector(form, (s) => s)
  const flags = formLoadingFlags(snapshot)
  const failure = formFailure(snapshot)
  const initialValues = useMemo(() => valuesOf(snapshot.context.record as Partial<ArticleDetail>), [snapshot.context.record])
  const validate = useMemo(() => zodValidator(id ? articleUpdateBody : articleCreateBody, translate), [id, translate])
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
            <FormTextField name="title_ar" label={t('articles.fields.title_ar')} required serverError={serverError('title_ar')} />
            <div dir="ltr" lang="en">
              <FormTextField name="title_en" label={t('articles.fields.title_en')} required serverError={serverError('title_en')} />
            </div>
            <FormTextareaField name="short_description_ar" label={t('articles.fields.short_description_ar')} rows={3} serverError={serverError('short_description_ar')} />
            <div dir="ltr" lang="en">
              <FormTextareaField name="short_description_en" label={t('articles.fields.short_description_en')} rows={3} serverError={serverError('short_description_en')} />
            </div>
            <div className={wide}>
              <FormRichTextEditor name="body_ar" dir="rtl" label={t('articles.fields.body_ar')} labels={editorLabels} required serverError={serverError('body_ar')} />
            </div>
            <div className={wide}>
              <FormRichTextEditor name="body_en" dir="ltr" label={t('articles.fields.body_en')} labels={editorLabels} required serverError={serverError('body_en')} />
            </div>
            <FormTextField name="seo_link_ar" label={t('articles.fields.seo_link_ar')} required serverError={serverError('seo_link_ar')} />
            <div dir="ltr" lang="en">
              <FormTextField name="seo_link_en" label={t('articles.fields.seo_link_en')} required serverError={serverError('seo_link_en')} />
            </div>
            <FormNumberField name="order" label={t('articles.fields.order')} min={0} serverError={serverError('order')} />
            <FormSelectField
              name="language"
              label={t('articles.fields.language')}
              options={articleLanguages.map((value) => ({ value, label: t(`articles.languages.${value}`) }))}
              serverError={serverError('language')}
            />
            <ActiveField />
          </div>
          <CrudFormActions form={form} />
        </form>
      )}
    />
  )
}
