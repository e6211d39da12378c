import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { contactResource, PAGE_SIZES, type ContactMessage } from '../../contract'
import { loadFailure, loadingFlags, paginationOf, rowsOf, deleteCandidate } from '../../machines/data-table'
import { paths } from '../../app/paths'
import { Badge } from '../../ui/badge'
import { buttonRecipe, Button } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/modal'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { useTableLabels } from '../shared/table-labels'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'

export function ContactListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(contactResource)
  const snapshot = useSelector(table, (s) => s)
  const canDelete = usePermission('contact:delete')
  const rows = rowsOf(snapshot) as unknown as ContactMessage[]
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

  const columns: DataTableColumn<ContactMessage>[] = [
    {
      id: 'name',
      header: t('contact.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link
          to={`${paths.contact.view}/${row.id}`}
          className={css({ fontWeight: row.is_read ? '400' : '700', color: 'fg.default', _hover: { color: 'accent.default' } })}
        >
          {row.name}
        </Link>
      ),
    },
    { id: 'email', header: t('contact.fields.email'), cell: (row) => <bdi>{row.email}</bdi> },
    { id: 'subject', header: t('contact.fields.subject'), cell: (row) => row.subject },
    {
      id: 'is_read',
      header: t('contact.fields.is_read'),
      cell: (row) => <Badge tone={row.is_read ? 'neutral' : 'info'}>{row.is_read ? t('contact.read') : t('contact.unread')}</Badge>,
    },
    { id: 'created_at', header: t('contact.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <FilterSelect
            table={table}
            name="is_read"
            label={t('contact.fields.is_read')}
            options={[
              { value: '0', label: t('contact.unread') },
              { value: '1', label: t('contact.read') },
            ]}
          />
        }
      />
      <DataTable<ContactMessage>
        caption={t('contact.caption')}
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
            <Link to={`${paths.contact.view}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              {t('actions.view')}
            </Link>
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
        message={rows.find((r) => r.id === (candidate ?? snapshot.context.targetId))?.subject}
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
