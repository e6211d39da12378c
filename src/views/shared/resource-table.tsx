import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { PAGE_SIZES } from '../../contract'
import { deleteCandidate, loadFailure, loadingFlags, paginationOf, rowsOf } from '../../machines/data-table'
import { Button, buttonRecipe } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/modal'
import { FailureDialog } from './failure-dialog'
import { useTableLabels } from './table-labels'
import type { ResourceTableActor } from './use-resource-table'

export type ResourceTableProps<Row extends { id: number }> = {
  table: ResourceTableActor
  caption: string
  columns: DataTableColumn<Row>[]
  /** Address of a row's view screen (no View link without it). */
  viewPath?: (row: Row) => string
  /** Address of a row's edit screen; leave it out when the admin may not edit. */
  editPath?: (row: Row) => string
  /** The admin may delete: a Delete button that asks first. */
  canDelete?: boolean
  /** How the delete confirmation names the row. */
  nameOf: (row: Row) => string
  /** The module's own actions of a row (e.g. "Mark as resolved"), shown first; `ready` is false while the table is busy. */
  rowActions?: (row: Row, ready: boolean) => ReactNode
}

/**
 * A resource's table as the dataTable chart drives it: sort, pages, loading/empty/error states,
 * row links, and delete after "Are You Sure You Want To Delete?" with the server's refusal shown.
 */
export function ResourceTable<Row extends { id: number }>({
  table,
  caption,
  columns,
  viewPath,
  editPath,
  canDelete,
  nameOf,
  rowActions,
}: ResourceTableProps<Row>) {
  const { t } = useTranslation()
  const snapshot = useSelector(table, (s) => s)
  const rows = rowsOf(snapshot) as unknown as Row[]
  const pagination = paginationOf(snapshot)
  const failure = loadFailure(snapshot)
  const query = snapshot.context.query
  const sort = query.sort_column ? { column: query.sort_column, direction: query.sort_direction ?? 'asc' } : null
  const labels = useTableLabels(snapshot.context.page?.total_is_estimate ?? false)
  const filtered = Boolean(query.search) || Object.keys(query.filters).length > 0
  /** Row actions wait for the table to be at rest (not loading, toggling or deleting). */
  const ready = snapshot.matches({ table: 'ready' })
  const deleting = snapshot.matches({ table: 'deleting' })
  const target = rows.find((r) => r.id === (deleteCandidate(snapshot) ?? snapshot.context.targetId))
  const hasActions = Boolean(viewPath || editPath || canDelete || rowActions)
  const link = buttonRecipe({ variant: 'ghost', size: 'sm' })

  return (
    <>
      <DataTable<Row>
        caption={caption}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSort={(next) => table.send({ type: 'table.sorted', column: next.column })}
        loading={loadingFlags(snapshot).table && rows.length === 0}
        emptyMessage={filtered ? t('table.emptyFiltered') : t('table.empty')}
        error={failure ? failure.message || t('table.loadFailed') : undefined}
        retryLabel={t('actions.tryAgain')}
        onRetry={() => table.send({ type: 'table.retry' })}
        actionsHeader={t('table.actions')}
        {...(hasActions
          ? {
              actions: (row: Row) => (
                <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end', alignItems: 'center' })}>
                  {rowActions?.(row, ready)}
                  {viewPath ? (
                    <Link to={viewPath(row)} className={link}>
                      {t('actions.view')}
                    </Link>
                  ) : null}
                  {editPath ? (
                    <Link to={editPath(row)} className={link}>
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
              ),
            }
          : {})}
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
        open={deleteCandidate(snapshot) !== null || deleting}
        title={t('table.confirmDelete')}
        message={target ? nameOf(target) : undefined}
        yesLabel={t('actions.yes')}
        noLabel={t('actions.no')}
        busy={deleting}
        busyLabel={t('table.deleting')}
        onYes={() => table.send({ type: 'table.deleteConfirmed' })}
        onNo={() => table.send({ type: 'table.deleteCancelled' })}
      />
      <FailureDialog
        message={ready && snapshot.context.actionFailure ? snapshot.context.actionFailure.message : null}
        onClose={() => table.send({ type: 'table.dismiss' })}
      />
    </>
  )
}
