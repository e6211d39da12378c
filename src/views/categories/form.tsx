import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router-dom'
import {
  categoriesResource,
  categoriesScreens,
  categoryCreateBody,
  type CategoryDetail,
  categoryUpdateBody,
} from '../../contract/categories'
import { FormBilingualFields, FormNumberField, FormSwitch } from '../../forms/ark-fields'
import { SelectField } from '../../ui/select-field'
import { FormImageField } from '../shared/image-field'
import { ResourceForm, formStyles } from '../shared/resource-form'
import { useSelectList } from '../shared/runtime'

type Values = {
  name_ar: string
  name_en: string
  description_ar: string | null
  description_en: string | null
  parent_id: number | null
  image: string | null
  is_active: boolean
  sort_order: number
}

/** The editable fields of a loaded category (both languages from `translations`). */
function valuesOf(record: Partial<CategoryDetail>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)
  return {
    name_ar: tr('ar')?.name ?? '',
    name_en: tr('en')?.name ?? '',
    description_ar: tr('ar')?.description ?? null,
    description_en: tr('en')?.description ?? null,
    parent_id: record.parent_id ?? null,
    image: record.image ?? null,
    is_active: record.is_active ?? true,
    sort_order: record.sort_order ?? 0,
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
  const { input } = useField<number | null>('parent_id', { subscription: { value: true } })
  const { list: options } = useSelectList('categories')
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

const schemas = { create: categoryCreateBody, update: categoryUpdateBody }

/** Create (no id) or edit a category; saving shows it. */
export function CategoryFormScreen() {
  const { t } = useTranslation()
  const id = Number(useParams().id) || null
  return (
    <ResourceForm<Values, CategoryDetail>
      resource={categoriesResource}
      schemas={schemas}
      valuesOf={valuesOf}
      payloadOf={payloadOf}
      savedPath={(saved) => categoriesScreens.view(saved)}
      listPath={categoriesScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('categories.fields.name_ar'), en: t('categories.fields.name_en') }}
            required
            serverError={serverError}
          />
          <FormBilingualFields
            name="description"
            labels={{ ar: t('categories.fields.description_ar'), en: t('categories.fields.description_en') }}
            rows={3}
            serverError={serverError}
          />
          <div className={formStyles.wide}>
            <FormImageField name="image" label={t('categories.fields.image')} serverError={serverError('image')} />
          </div>
          <ParentField excludeId={id} error={serverError('parent_id')} />
          <FormNumberField name="sort_order" label={t('categories.fields.sort_order')} min={0} serverError={serverError('sort_order')} />
          <FormSwitch name="is_active" label={t('categories.fields.is_active')} />
        </div>
      )}
    </ResourceForm>
  )
}
