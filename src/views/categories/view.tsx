import { useRef, type RefObject } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { categoriesAccess, categoriesResource, categoriesScreens, type CategoryDetail } from '../../contract/categories'
import { imageUrlOf } from '../../contract/uploads'
import { Badge } from '../../ui/badge'
import { Button } from '../../ui/button'
import { PlusIcon } from '../../ui/icons'
import { useModalStack, type ModalStackRef } from '../shared/modal-stack'
import { RecordView, viewStyles } from '../shared/record-view'
import { AddSubCategoryModal } from './add-sub-category'
import { useCan, useToaster } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'

export function CategoryViewScreen() {
  const toaster = useToaster()
  const addButton = useRef<HTMLButtonElement>(null)
  const stack = useModalStack(addButton)
  return (
    <RecordView<CategoryDetail> resource={categoriesResource}>
      {(record, reload) => (
        <CategoryView
          category={record}
          addButton={addButton}
          stack={stack}
          onSubSaved={(message) => {
            // the form closes (focus back on Add), a toast says so as every save does, and the record
            // (with its new sub-category) is fetched again
            stack.send({ type: 'modal.closeAll' })
            toaster.success({ title: message })
            reload()
          }}
        />
      )}
    </RecordView>
  )
}

/** One category: both languages, its parent and its direct sub-categories. */
function CategoryView({
  category,
  addButton,
  stack,
  onSubSaved,
}: {
  category: CategoryDetail
  addButton: RefObject<HTMLButtonElement | null>
  stack: ModalStackRef
  onSubSaved: (message: string) => void
}) {
  const { t } = useTranslation()
  const canUpdate = useCan(categoriesAccess.can.update)
  const canCreate = useCan(categoriesAccess.can.create)
  const tr = (locale: 'ar' | 'en') => category.translations.find((x) => x.locale === locale)
  return (
    <div className={css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', lg: '2fr 1fr' }, alignItems: 'start' })}>
      <section className={viewStyles.card} aria-labelledby="category-name">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
          <h2 id="category-name" className={css({ fontSize: 'xl', fontWeight: '700' })}>
            {category.name}
          </h2>
          <Badge tone={category.is_active ? 'success' : 'neutral'}>{category.is_active ? t('table.active') : t('table.inactive')}</Badge>
          <ViewActions editPath={canUpdate ? categoriesScreens.edit(category.id) : undefined} backPath={categoriesScreens.list} />
        </div>
        <dl>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.name_ar')}</dt>
            <dd lang="ar">{tr('ar')?.name}</dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.name_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.name}</bdi>
            </dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.description_ar')}</dt>
            <dd lang="ar">{tr('ar')?.description || '—'}</dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.description_en')}</dt>
            <dd>
              <bdi lang="en">{tr('en')?.description || '—'}</bdi>
            </dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.image')}</dt>
            <dd>
              {category.image ? (
                <img
                  src={imageUrlOf(category.image) ?? undefined}
                  alt={category.name}
                  className={css({
                    w: '32',
                    h: '32',
                    objectFit: 'cover',
                    borderRadius: 'lg',
                    borderWidth: '1px',
                    borderColor: 'border.default',
                  })}
                />
              ) : (
                t('categories.noImage')
              )}
            </dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.parent_id')}</dt>
            <dd>{category.parent_name ?? t('categories.topLevel')}</dd>
          </div>
          <div className={viewStyles.row}>
            <dt className={viewStyles.term}>{t('categories.fields.sort_order')}</dt>
            <dd>{category.sort_order}</dd>
          </div>
        </dl>
      </section>
      <section className={viewStyles.card} aria-labelledby="sub-categories">
        <div className={css({ display: 'flex', alignItems: 'center', gap: '2', mb: '3', flexWrap: 'wrap' })}>
          <h2 id="sub-categories" className={css({ fontSize: 'lg', fontWeight: '700' })}>
            {t('categories.subCategories')}
          </h2>
          {canCreate ? (
            <Button
              ref={addButton}
              variant="outline"
              size="sm"
              className={css({ ms: 'auto' })}
              onClick={() => stack.send({ type: 'modal.open', kind: 'primary' })}
            >
              <PlusIcon width={16} height={16} />
              {t('categories.addSub')}
            </Button>
          ) : null}
        </div>
        <AddSubCategoryModal stack={stack} parent={category} onSaved={onSubSaved} />
        {category.sub_categories.length === 0 ? (
          <p className={css({ color: 'fg.muted' })}>{t('categories.noSubCategories')}</p>
        ) : (
          <ul className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            {category.sub_categories.map((sub) => (
              <li key={sub.id} className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '2' })}>
                <Link to={categoriesScreens.view(sub.id)} className={css({ color: 'accent.default', fontWeight: '600' })}>
                  {sub.name}
                </Link>
                <Badge tone={sub.is_active ? 'success' : 'neutral'}>{sub.is_active ? t('table.active') : t('table.inactive')}</Badge>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  )
}
