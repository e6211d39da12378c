import { shallowEqual, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import type { MarketplaceProperty } from '../../contract/mapping'
import { mappingScreens } from '../../contract/mapping.routes'
import { propertiesViewOf, propertyFilters, propertyMappingMachine } from '../../machines/property-mapping'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { LoadingScreen } from '../../ui/spinner'
import { LoadFailed } from '../shared/card'
import { useChart } from '../shared/runtime'
import { useTableLabels } from '../shared/table-labels'
import { pageStyles as s, propertyEditorPath } from './styles'

const segment = css({
  display: 'inline-flex',
  flexWrap: 'wrap',
  gap: '1',
  p: '1',
  borderRadius: 'lg',
  bg: 'bg.subtle',
  borderWidth: '1px',
  borderColor: 'border.default',
})
const segmentButton = css({
  px: '3',
  h: '8',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  cursor: 'pointer',
  color: 'fg.muted',
  _hover: { color: 'fg.default' },
  '&[aria-pressed=true]': { bg: 'bg.surface', color: 'fg.default', boxShadow: 'sm', fontWeight: '600' },
  _focusVisible: { outline: '2px solid', outlineColor: 'primary.500' },
})

function Properties({ categoryId, mainCategoryId }: { categoryId: number; mainCategoryId: string }) {
  const { t } = useTranslation()
  const actor = useChart(propertyMappingMachine, { categoryId, propertyId: null })
  const view = useSelector(actor, propertiesViewOf, shallowEqual)
  const labels = useTableLabels()
  const link = buttonRecipe({ variant: 'ghost', size: 'sm' })

  if (view.loading) return <LoadingScreen label={t('common.loading')} />
  if (view.loadFailure !== null || !view.data)
    return <LoadFailed message={view.loadFailure} onRetry={() => actor.send({ type: 'mapping.retry' })} />

  const { data } = view
  const columns: DataTableColumn<MarketplaceProperty>[] = [
    {
      id: 'name',
      header: t('propertyMapping.fields.name'),
      cell: (p) => (
        <span className={css({ fontWeight: '600' })}>
          {p.name}
          <span className={s.other}>
            <bdi>{p.name === p.name_en ? p.name_ar : p.name_en}</bdi>
          </span>
        </span>
      ),
    },
    { id: 'type', header: t('propertyMapping.fields.type'), cell: (p) => t(`lists.attribute_types.${p.type}`), nowrap: true },
    {
      id: 'required',
      header: t('propertyMapping.fields.required'),
      cell: (p) =>
        p.required ? (
          <Badge tone="warning">{t('propertyMapping.required')}</Badge>
        ) : (
          <span className={s.muted}>{t('propertyMapping.optional')}</span>
        ),
    },
    {
      id: 'mapping',
      header: t('propertyMapping.fields.mapping'),
      cell: (p) =>
        p.mapped_to ? (
          <Badge tone="success">{p.mapped_to.name}</Badge>
        ) : (
          <Badge tone={p.required ? 'danger' : 'neutral'}>{t('propertyMapping.notMapped')}</Badge>
        ),
    },
    {
      id: 'values',
      header: t('propertyMapping.fields.values'),
      cell: (p) => t('propertyMapping.valuesCount', { count: p.values.length }),
      nowrap: true,
    },
  ]

  return (
    <div className={s.page}>
      <div className={s.header}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })}>
          <p className={s.crumbs}>
            <span>{data.marketplace.name}</span>
          </p>
          <h2 className={s.heading}>{data.category.name}</h2>
          <p className={s.muted}>
            {data.category.mapped_to
              ? t('propertyMapping.mappedTo', { path: data.category.mapped_to.path.join(' › ') })
              : t('propertyMapping.notMappedCategory')}
          </p>
        </div>
        <Link
          to={mappingScreens.categories(data.marketplace.id, data.category.id)}
          className={buttonRecipe({ variant: 'outline', size: 'sm' })}
        >
          {t('propertyMapping.back')}
        </Link>
      </div>

      <div
        role="status"
        className={css({
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: '3',
          p: '4',
          borderRadius: 'xl',
          borderWidth: '1px',
          ...(view.requiredUnmapped > 0
            ? { bg: 'red.50', borderColor: 'red.200', color: 'red.800' }
            : { bg: 'green.50', borderColor: 'green.200', color: 'green.800' }),
        })}
      >
        <strong className={css({ fontSize: 'md' })}>
          {view.requiredUnmapped > 0
            ? t('propertyMapping.requiredUnmapped', { count: view.requiredUnmapped })
            : t('propertyMapping.allRequiredMapped')}
        </strong>
        <span className={css({ fontSize: 'sm' })}>
          {t('propertyMapping.requiredCount', { mapped: data.required.mapped, total: data.required.total })}
        </span>
      </div>

      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 1fr)' },
          gap: '5',
          alignItems: 'start',
        })}
      >
        <section className={s.panel} aria-labelledby="marketplace-properties">
          <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
            <h3 id="marketplace-properties" className={s.panelTitle}>
              {t('propertyMapping.marketplaceProperties', { name: data.marketplace.name })}
            </h3>
            <div role="group" aria-label={t('propertyMapping.filter')} className={segment}>
              {propertyFilters.map((filter) => (
                <button
                  key={filter}
                  type="button"
                  aria-pressed={view.filter === filter}
                  className={segmentButton}
                  onClick={() => actor.send({ type: 'mapping.filtered', filter })}
                >
                  {t(`propertyMapping.filters.${filter}`)}
                </button>
              ))}
            </div>
          </div>
          <DataTable<MarketplaceProperty>
            caption={t('propertyMapping.caption')}
            captionHidden
            columns={columns}
            rows={view.properties}
            rowKey={(p) => p.id}
            emptyMessage={data.properties.length === 0 ? t('propertyMapping.empty') : t('propertyMapping.emptyFiltered')}
            actionsHeader={t('table.actions')}
            actions={(p) => (
              <Link
                to={propertyEditorPath(mainCategoryId, p.id, categoryId)}
                className={cx(link, css({ color: p.mapped_to ? 'fg.default' : 'primary.700', fontWeight: '600' }))}
                aria-label={`${p.mapped_to ? t('propertyMapping.edit') : t('propertyMapping.map')} ${p.name}`}
              >
                {p.mapped_to ? t('propertyMapping.edit') : t('propertyMapping.map')}
              </Link>
            )}
            labels={labels}
          />
        </section>

        <section className={s.panel} aria-labelledby="platform-properties">
          <h3 id="platform-properties" className={s.panelTitle}>
            {t('propertyMapping.platformProperties')}
          </h3>
          {data.platform_properties.length === 0 ? (
            <p className={s.muted}>{t('propertyMapping.platformEmpty')}</p>
          ) : (
            <ul aria-label={t('propertyMapping.platformCaption')} className={css({ display: 'flex', flexDir: 'column' })}>
              {data.platform_properties.map((p) => (
                <li
                  key={p.id}
                  className={css({
                    display: 'flex',
                    alignItems: 'center',
                    justifyContent: 'space-between',
                    gap: '3',
                    py: '2.5',
                    borderBottomWidth: '1px',
                    borderColor: 'border.default',
                    _last: { borderBottomWidth: '0' },
                  })}
                >
                  <span className={css({ minW: '0' })}>
                    <span className={css({ fontWeight: '600', fontSize: 'sm' })}>{p.name}</span>
                    <span className={s.other}>{t(`lists.attribute_types.${p.attribute_type}`)}</span>
                  </span>
                  {p.mapped ? (
                    <Badge tone="success">{t('propertyMapping.mapped')}</Badge>
                  ) : (
                    <Badge tone="neutral">{t('propertyMapping.notMapped')}</Badge>
                  )}
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </div>
  )
}

/** A mapped marketplace category's properties beside the platform's: mapped or not, required ones counted, filtered. */
export function PropertiesScreen() {
  const { marketPlaceCategoryId = '', mainCategoryId = '' } = useParams()
  const categoryId = Number(marketPlaceCategoryId)
  return <Properties key={`${categoryId}/${mainCategoryId}`} categoryId={categoryId} mainCategoryId={mainCategoryId} />
}
