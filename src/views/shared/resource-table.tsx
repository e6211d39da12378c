import { shallowEqual, useSelector } from '@xstate/react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { PAGE_SIZES } from '../../contract/resource'
import {
  actionFailureOf,
  deleteTarget,
  isBusy,
  isFiltered,
  loadFailure,
  paginationOf,
  rowsOf,
  sortStateOf,
  type DataTableSnapshot,
} from '../../machines/data-table'
import { Button, buttonRecipe } from '../../ui/button'
import { DataTable, type DataTableColumn, type DataTableFooter } from '../../ui/data-table'
import { LazyConfirmDialog as ConfirmDialog } from '../../ui/lazy-modal'
import { FailureDialog, NoticeDialog } from './failure-dialog'
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
  /** The module's own actions of a row (e.g. "Mark as resolved"), shown first. */
  rowActions?: (row: Row) => ReactNode
  /** Why a row cannot be deleted, when the row already knows (said instead of asking): null when it can. */
  deleteRefusal?: (row: Row) => string | null
  /** What an empty list says when the screen fixes its filters (a record's tab): no "clear all" there. */
  empty?: string
  /** A last row under the rows (a report's totals). */
  footer?: DataTableFooter
}

/** What the table shows of its chart. */
const tableView = (s: DataTableSnapshot) => ({
  rows: rowsOf(s),
  ...paginationOf(s),
  failure: loadFailure(s),
  sort: sortStateOf(s),
  filtered: isFiltered(s),
  loading: s.matches({ table: 'loading' }),
  busy: isBusy(s),
  deleting: s.matches({ table: 'deleting' }),
  target: deleteTarget(s),
  actionFailure: actionFailureOf(s),
})

/** A row's Delete: asks first (or says why not, when the row knows), offered while the chart accepts it. */
function DeleteButton({
  table,
  id,
  refusal,
  onRefused,
}: {
  table: ResourceTableActor
  id: number
  /** Why this row cannot be deleted, said instead of asking; null when it can. */
  refusal: string | null
  onRefused: (why: string) => void
}) {
  const { t } = useTranslation()
  const enabled = useSelector(table, (s) => s.can({ type: 'table.deleteRequested', id }))
  return (
    <Button
      variant="dangerGhost"
      size="sm"
      disabled={!enabled}
      onClick={() => (refusal === null ? table.send({ type: 'table.deleteRequested', id }) : onRefused(refusal))}
    >
      {t('actions.delete')}
    </Button>
  )
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
  deleteRefusal,
  empty,
  footer,
}: ResourceTableProps<Row>) {
  const { t } = useTranslation()
  const [refused, setRefused] = useState<string | null>(null)
  const view = useSelector(table, tableView, shallowEqual)
  const rows = view.rows as unknown as Row[]
  const labels = useTableLabels(view.totalIsEstimate)
  const target = rows.find((r) => r.id === view.target)
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
        sort={view.sort}
        onSort={(next) => table.send({ type: 'table.sorted', column: next.column })}
        loading={view.loading && rows.length === 0}
        busy={view.busy}
        emptyMessage={
          empty !== undefined ? (
            empty
          ) : view.filtered ? (
            <span className={css({ display: 'inline-flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
              <span>{t('table.emptyFiltered')}</span>
              <Button variant="outline" size="sm" onClick={() => table.send({ type: 'table.filtersCleared' })}>
                {t('table.clearAll')}
              </Button>
            </span>
          ) : (
            t('table.empty')
          )
        }
        error={view.failure ? view.failure.message || t('table.loadFailed') : undefined}
        retryLabel={t('actions.tryAgain')}
        onRetry={() => table.send({ type: 'table.retry' })}
        actionsHeader={t('table.actions')}
        {...(hasActions
          ? {
              actions: (row: Row) => (
                <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end', alignItems: 'center' })}>
                  {rowActions?.(row)}
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
                    <DeleteButton table={table} id={row.id} refusal={deleteRefusal?.(row) ?? null} onRefused={setRefused} />
                  ) : null}
                </div>
              ),
            }
          : {})}
        pagination={{
          page: view.page,
          pagesCount: view.pagesCount,
          total: view.total,
          pageSize: view.pageSize,
          pageSizes: [...PAGE_SIZES],
          onPage: (page) => table.send({ type: 'table.pageChanged', page }),
          onPageSize: (pageSize) => table.send({ type: 'table.pageSizeChanged', pageSize }),
        }}
        labels={labels}
        {...(footer ? { footer } : {})}
      />
      <ConfirmDialog
        open={view.target !== null}
        title={t('table.confirmDelete')}
        message={target ? nameOf(target) : undefined}
        yesLabel={t('actions.yes')}
        noLabel={t('actions.no')}
        busy={view.deleting}
        busyLabel={t('table.deleting')}
        onYes={() => table.send({ type: 'table.deleteConfirmed' })}
        onNo={() => table.send({ type: 'table.deleteCancelled' })}
      />
      <FailureDialog message={view.actionFailure} onClose={() => table.send({ type: 'table.dismiss' })} />
      <NoticeDialog message={refused} onClose={() => setRefused(null)} />
    </>
  )
}
