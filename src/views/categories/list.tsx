import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { categoriesResource, PAGE_SIZES, type Category } from '../../contract'
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
import { TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'

export function CategoriesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(categoriesResource)
  const snapshot = useSelector(table, (s) => s)
  const canCreate = usePermission('categories:create')
  const canUpdate = usePermission('categories:update')
  const canDelete = usePermission('categories:delete')
  const rows = rowsOf(snapshot) as unknown as Category[]
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

  const columns: DataTableColumn<Category>[] = [
    {
      id: 'name',
      header: t('categories.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link to={`${paths.categories.view}/${row.id}`} className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}>
          {row.name}
        </Link>
      ),
    },
    { id: 'parent', header: t('categories.fields.parent_id'), cell: (row) => row.parent_name ?? <span className={css({ color: 'fg.subtle' })}>{t('categories.topLevel')}</span> },
    { id: 'sub_categories_count', header: t('categories.fields.sub_categories_count'), align: 'center', cell: (row) => row.sub_categories_count },
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
    { id: 'created_at', header: t('categories.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        action={
          canCreate ? (
            <Link to={paths.categories.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('categories.add')}
            </Link>
          ) : null
        }
      />
      <DataTable<Category>
        caption={t('categories.caption')}
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
            <Link to={`${paths.categories.view}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              {t('actions.view')}
            </Link>
            {canUpdate ? (
              <Link to={`${paths.categories.edit}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
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
