import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { mappingScreens } from '../../contract/mapping.routes'
import { marketplacesAccess, marketplacesResource, marketplacesScreens, type Marketplace } from '../../contract/marketplaces'
import { imageUrlOf } from '../../contract/uploads'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { ProgressBar } from '../../ui/progress-bar'
import { Thumbnail } from '../../ui/thumbnail'
import { useActiveColumn } from '../shared/active-column'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCount } from '../shared/numbers'
import { useCan, useLang } from '../shared/runtime'
import { TaxonomyImportDialog } from './taxonomy-import'

/** The address without its scheme and trailing slash, as people say it (`www.amazon.sa`). */
const shortAddress = (url: string) => url.replace(/^https?:\/\//, '').replace(/\/$/, '')

export function MarketplacesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(marketplacesResource)
  const canCreate = useCan(marketplacesAccess.can.create)
  const canUpdate = useCan(marketplacesAccess.can.update)
  const canDelete = useCan(marketplacesAccess.can.delete)
  const lang = useLang()
  const canView = useCan(marketplacesAccess.can.view)
  const activeColumn = useActiveColumn<Marketplace>(table, canUpdate, (row) => row.name)
  const [importing, setImporting] = useState<Marketplace | null>(null)
  const n = useCount()
  const link = buttonRecipe({ variant: 'ghost', size: 'sm' })

  const columns: DataTableColumn<Marketplace>[] = [
    {
      id: 'name',
      header: t('marketplaces.fields.name'),
      sortable: true,
      cell: (row) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3', fontWeight: '600' })}>
          <Thumbnail src={imageUrlOf(row.image)} />
          {row.name}
        </span>
      ),
    },
    {
      id: 'website',
      header: t('marketplaces.fields.website'),
      cell: (row) => (
        <a
          href={row.website}
          target="_blank"
          rel="noopener noreferrer"
          dir="ltr"
          className={css({ color: 'accent.default', textDecoration: 'underline', _hover: { color: 'fg.default' } })}
        >
          {shortAddress(row.website)}
        </a>
      ),
    },
    {
      id: 'gateway_type',
      header: t('marketplaces.fields.gateway_type'),
      cell: (row) => row.gateway_type ?? <span className={css({ color: 'fg.subtle' })}>—</span>,
    },
    {
      id: 'is_linked',
      header: t('marketplaces.fields.is_linked'),
      align: 'center',
      cell: (row) =>
        row.is_linked ? (
          <Badge tone="success">{t('marketplaces.linked')}</Badge>
        ) : (
          <Badge tone="neutral">{t('marketplaces.notLinked')}</Badge>
        ),
    },
    {
      id: 'mapping',
      header: t('marketplaces.mapping.column'),
      cell: (row) =>
        row.mapping.categories.total === 0 ? (
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'fg.muted', whiteSpace: 'nowrap' })}>
            {t('marketplaces.mapping.none')}
            {canUpdate ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setImporting(row)}
                aria-label={`${t('marketplaces.mapping.import')} ${row.name}`}
              >
                {t('marketplaces.mapping.import')}
              </Button>
            ) : null}
          </span>
        ) : (
          <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
            <ProgressBar
              compact
              label={t('marketplaces.mapping.categories', {
                mapped: n(row.mapping.categories.mapped),
                total: n(row.mapping.categories.total),
              })}
              value={row.mapping.categories.mapped}
              max={row.mapping.categories.total}
            />
            <ProgressBar
              compact
              label={t('marketplaces.mapping.required', {
                mapped: n(row.mapping.required_properties.mapped),
                total: n(row.mapping.required_properties.total),
              })}
              value={row.mapping.required_properties.mapped}
              max={row.mapping.required_properties.total}
            />
          </div>
        ),
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('marketplaces.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        filters={
          <FilterSelect
            table={table}
            name="is_linked"
            label={t('marketplaces.fields.is_linked')}
            options={[
              { value: '1', label: t('marketplaces.linked') },
              { value: '0', label: t('marketplaces.notLinked') },
            ]}
          />
        }
        action={
          canCreate ? (
            <Link to={marketplacesScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('marketplaces.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Marketplace>
        table={table}
        caption={t('marketplaces.caption')}
        columns={columns}
        {...(canUpdate ? { editPath: (row: Marketplace) => marketplacesScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
        rowActions={(row) => (
          <>
            {canView ? (
              <Link
                to={mappingScreens.categories(row.id)}
                className={link}
                title={t('marketplaces.mapping.map')}
                aria-label={`${t('marketplaces.mapping.map')} ${row.name}`}
              >
                {t('marketplaces.mapping.mapShort')}
              </Link>
            ) : null}
            {canUpdate ? (
              <Button
                variant="ghost"
                size="sm"
                onClick={() => setImporting(row)}
                title={t('marketplaces.taxonomy.open')}
                aria-label={`${t('marketplaces.taxonomy.open')} ${row.name}`}
              >
                {t('marketplaces.taxonomy.openShort')}
              </Button>
            ) : null}
          </>
        )}
      />
      <TaxonomyImportDialog
        marketplace={importing}
        onClose={() => setImporting(null)}
        onImported={() => table.send({ type: 'table.reload' })}
      />
    </div>
  )
}
