import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { attributeTypes, PAGE_SIZES, propertiesResource, type Property } from '../../contract'
import { loadFailure, loadingFlags, paginationOf, rowsOf, deleteCandidate } from '../../machines/data-table'
import { paths } from '../../app/paths'
import { Badge } from '../../ui/badge'
import { buttonRecipe, Button } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/modal'
import { Switch } from '../../ui/switch'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { useTableLabels } from '../shared/table-labels'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'

export function PropertiesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(propertiesResource)
  const snapshot = useSelector(table, (s) => s)
  const canCreate = usePermission('properties:create')
  const canUpdate = usePermission('properties:update')
  const canDelete = usePermission('properties:delete')
  const rows = rowsOf(snapshot) as unknown as Property[]
  const pagination = paginationOf(snapshot)
  const flags = loadingFlags(snapshot)
  const failure = loadFailure(snapshot)
  const sort = snapshot.context.query.sort_column
    ? { column: snapshot.context.query.sort_column, direction: snapshot.context.query.sort_direction ?? 'asc' }
    : null
  const labels = useTableLabels(snapshot.context.page?.total_is_estimate ?? false)
  const filtered = Boolean(snapshot.context.query.search) || Object.keys(snapshot.context.query.filters).length > 0
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  /** Row actions wait for the table to be at rest (not loading, toggling or deleting). */
  const ready = snapshot.matches({ table: 'ready' })
  const candidate = deleteCandidate(snapshot)

  const columns: DataTableColumn<Property>[] = [
    {
      id: 'name',
      header: t('properties.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link to={`${paths.properties.view}/${row.id}`} className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}>
          {row.name}
        </Link>
      ),
    },
    { id: 'attribute_type', header: t('properties.fields.attribute_type'), sortable: true, cell: (row) => t(`lists.attribute_types.${row.attribute_type}`) },
    { id: 'values_count', header: t('properties.fields.values_count'), align: 'center', cell: (row) => row.values_count },
    {
      id: 'mapped',
      header: t('properties.fields.mapped'),
      cell: (row) => <Badge tone={row.mapped ? 'info' : 'warning'}>{row.mapped ? t('properties.mapped') : t('properties.notMapped')}</Badge>,
    },
    {
      id: 'is_active',
      header: t('table.status'),
      cell: (row) =>
        canUpdate ? (
          <Switch
            hideLabel
            label={t('table.toggleActive', { name: row.name })}
            checked={row.is_active}
            disabled={!ready}
            onCheckedChange={() => table.send({ type: 'table.toggleActive', id: row.id })}
          />
        ) : (
          <Badge tone={row.is_active ? 'success' : 'neutral'}>{row.is_active ? t('table.active') : t('table.inactive')}</Badge>
        ),
    },
    { id: 'created_at', header: t('properties.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        filters={
          <>
            <FilterSelect
              table={table}
              name="mapped"
              label={t('properties.fields.mapped')}
              options={[
                { value: '1', label: t('properties.mapped') },
                { value: '0', label: t('properties.notMapped') },
              ]}
            />
            <FilterSelect
              table={table}
              name="attribute_type"
              label={t('properties.fields.attribute_type')}
              options={attributeTypes.map((value) => ({ value, label: t(`lists.attribute_types.${value}`) }))}
            />
          </>
        }
        action={
          canCreate ? (
            <Link to={paths.properties.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('properties.add')}
            </Link>
          ) : null
        }
      />
      <DataTable<Property>
        caption={t('properties.caption')}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSort={(next) => table.send({ type: 'table.sorted', column: next.column })}
        loading={flags.table && rows.length === 0}
        emptyMessage={filtered ? t('table.emptyFiltered') : t('table.empty')}
        error={failure ? failure.message || t('table.loadFailed') : undefined}
        retryLabel={t('actions.tryAgain')}
        onRetry={() => table.send({ type: 'table.retry' })}
        actionsHeader={t('table.actions')}
        actions={(row) => (
          <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
            <Link to={`${paths.properties.view}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              {t('actions.view')}
            </Link>
            {canUpdate ? (
              <Link to={`${paths.properties.edit}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
                {t('actions.edit')}
              </Link>
            ) : null}
            {canDelete ? (
              <Button
                variant="ghost"
                size="sm"
                className={css({ color: 'danger.fg' })}
                disabled={!ready}
                onClick={() => table.send({ type: 'table.deleteRequested', id: row.id })}
              >
                {t('actions.delete')}
              </Button>
            ) : null}
          </div>
        )}
        pagination={{
          page: pagination.page,
          pagesCount: pagination.pagesCount,
          total: pagination.total,
          pageSize: pagination.pageSize,
          pageSizes: [...PAGE_SIZES],
          onPage: (page) => table.send({ type: 'table.pageChanged', page }),
          onPageSize: (pageSize) => table.send({ type: 'table.pageSizeChanged', pageSize }),
        }}
        labels={labels}
      />
      <ConfirmDialog
        open={candidate !== null || snapshot.matches({ table: 'deleting' })}
        title={t('table.confirmDelete')}
        message={rows.find((r) => r.id === (candidate ?? snapshot.context.targetId))?.name}
        yesLabel={t('actions.yes')}
        noLabel={t('actions.no')}
        busy={snapshot.matches({ table: 'deleting' })}
        busyLabel={t('table.deleting')}
        onYes={() => table.send({ type: 'table.deleteConfirmed' })}
        onNo={() => table.send({ type: 'table.deleteCancelled' })}
      />
      <FailureDialog
        message={snapshot.matches({ table: 'ready' }) && snapshot.context.actionFailure ? snapshot.context.actionFailure.message : null}
        onClose={() => table.send({ type: 'table.dismiss' })}
      />
    </div>
  )
}
