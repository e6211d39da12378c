import { useTranslation } from 'react-i18next'
import { articleCreateBody, articleLanguages, articleUpdateBody, type ArticleDetail, type ArticleLanguage } from '../../contract/articles'
import { FormBilingualFields, FormNumberField, FormRichTextEditor, FormSelectField, FormSwitch } from '../../forms/ark-fields'
import { useEditorLabels } from '../shared/editor-labels'
import { FormImageField } from '../shared/image-field'
import { ResourceForm, formStyles } from '../shared/resource-form'
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
  image: string | null
  is_active: boolean
}

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
    image: record.image ?? null,
    is_active: record.is_active ?? true,
  }
}

/** Empty optional texts are sent as null. */
const payloadOf = (values: Values) => ({
  ...values,
  short_description_ar: values.short_description_ar?.trim() ? values.short_description_ar : null,
  short_description_en: values.short_description_en?.trim() ? values.short_description_en : null,
})

const schemas = { create: articleCreateBody, update: articleUpdateBody }

export const BlogFormScreen = () => <ArticleForm kind="blogs" />
export const ContentFormScreen = () => <ArticleForm kind="contents" />

/** Create (no id) or edit a blog post or content page; saving goes back to the list. */
function ArticleForm({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation()
  const editorLabels = useEditorLabels()
  const { resource, screens } = articleKinds[kind]
  return (
    <ResourceForm<Values, ArticleDetail>
      resource={resource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={() => screens.list}
      listPath={screens.list}
      labels="articles"
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="title"
            labels={{ ar: t('articles.fields.title_ar'), en: t('articles.fields.title_en') }}
            required
            serverError={serverError}
          />
          <FormBilingualFields
            name="short_description"
            labels={{ ar: t('articles.fields.short_description_ar'), en: t('articles.fields.short_description_en') }}
            rows={3}
            serverError={serverError}
          />
          <div className={formStyles.wide}>
            <FormImageField name="image" label={t('articles.fields.image')} serverError={serverError('image')} />
          </div>
          <div className={formStyles.wide}>
            <FormRichTextEditor
              name="body_ar"
              dir="rtl"
              label={t('articles.fields.body_ar')}
              labels={editorLabels}
              required
              serverError={serverError('body_ar')}
            />
          </div>
          <div className={formStyles.wide}>
            <FormRichTextEditor
              name="body_en"
              dir="ltr"
              label={t('articles.fields.body_en')}
              labels={editorLabels}
              required
              serverError={serverError('body_en')}
            />
          </div>
          <FormBilingualFields
            name="seo_link"
            labels={{ ar: t('articles.fields.seo_link_ar'), en: t('articles.fields.seo_link_en') }}
            required
            serverError={serverError}
          />
          <FormNumberField name="order" label={t('articles.fields.order')} min={0} serverError={serverError('order')} />
          <FormSelectField
            name="language"
            label={t('articles.fields.language')}
            options={articleLanguages.map((value) => ({ value, label: t(`articles.languages.${value}`) }))}
            serverError={serverError('language')}
          />
          <FormSwitch name="is_active" label={t('articles.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
