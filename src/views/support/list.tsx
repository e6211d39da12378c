import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { companyRequestsResource, PAGE_SIZES, shippingIssuesResource, type CompanyRequest, type ShippingIssue } from '../../contract'
import { loadFailure, loadingFlags, paginationOf, rowsOf } from '../../machines/data-table'
import { paths } from '../../app/paths'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { formatDateTime } from '../shared/format'
import { useTableLabels } from '../shared/table-labels'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'

type Row = ShippingIssue | CompanyRequest

export const viewPathOf = (kind: 'shipping' | 'company', id: number) =>
  kind === 'shipping' ? `${paths.support.view}/${id}` : `${paths.support.view}/${id}?kind=company`

const linkStyle = css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })

/** Shipping issues: search, resolved filter, sort and pages; each opens its view. */
export function ShippingIssuesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(shippingIssuesResource)
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const columns: DataTableColumn<ShippingIssue>[] = [
    {
      id: 'orderNumber',
      header: t('support.fields.orderNumber'),
      cell: (row) => (
        <Link to={viewPathOf('shipping', row.id)} className={linkStyle}>
          <bdi>{row.orderNumber}</bdi>
        </Link>
      ),
    },
    { id: 'shipmentId', header: t('support.fields.shipmentId'), cell: (row) => <bdi>{row.shipmentId}</bdi> },
    { id: 'tenant', header: t('support.fields.tenant'), cell: (row) => row.tenant },
    { id: 'issue', header: t('support.fields.issue'), cell: (row) => row.issue },
    {
      id: 'resolved',
      header: t('table.status'),
      cell: (row) => <Badge tone={row.resolved ? 'success' : 'warning'}>{row.resolved ? t('support.resolved') : t('support.notResolved')}</Badge>,
    },
    { id: 'created_at', header: t('support.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
  ]
  return (
    <SupportList
      table={table}
      caption={t('support.shippingCaption')}
      columns={columns as DataTableColumn<Row>[]}
      viewPath={(id) => viewPathOf('shipping', id)}
      filter={
        <FilterSelect
          table={table}
          name="resolved"
          label={t('table.status')}
          options={[
            { value: '0', label: t('support.notResolved') },
            { value: '1', label: t('support.resolved') },
          ]}
        />
      }
    />
  )
}

/** Shipping company requests: search, activated filter, sort and pages; each opens its view. */
export function CompanyRequestsListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(companyRequestsResource)
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const columns: DataTableColumn<CompanyRequest>[] = [
    {
      id: 'company_name',
      header: t('support.fields.company_name'),
      cell: (row) => (
        <Link to={viewPathOf('company', row.id)} className={linkStyle}>
          {row.company_name}
        </Link>
      ),
    },
    { id: 'tenant', header: t('support.fields.tenant'), cell: (row) => row.tenant },
    { id: 'contact_phone', header: t('support.fields.contact_phone'), cell: (row) => <bdi dir="ltr">{row.contact_phone}</bdi> },
    {
      id: 'activated',
      header: t('table.status'),
      cell: (row) => <Badge tone={row.activated ? 'success' : 'warning'}>{row.activated ? t('support.activated') : t('support.notActivated')}</Badge>,
    },
    { id: 'created_at', header: t('support.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
  ]
  return (
    <SupportList
      table={table}
      caption={t('support.companyCaption')}
      columns={columns as DataTableColumn<Row>[]}
      viewPath={(id) => viewPathOf('company', id)}
      filter={
        <FilterSelect
          table={table}
          name="activated"
          label={t('table.status')}
          options={[
            { value: '0', label: t('support.notActivated') },
            { value: '1', label: t('support.activated') },
          ]}
        />
      }
    />
  )
}

function SupportList({
  table,
  caption,
  columns,
  viewPath,
  filter,
}: {
  table: ResourceTableActor
  caption: string
  columns: DataTableColumn<Row>[]
  viewPath: (id: number) => string
  filter: React.ReactNode
}) {
  const { t } = useTranslation()
  const snapshot = useSelector(table, (s) => s)
  const rows = rowsOf(snapshot) as unknown as Row[]
  const pagination = paginationOf(snapshot)
  const flags = loadingFlags(snapshot)
  const failure = loadFailure(snapshot)
  const sort = snapshot.context.query.sort_column
    ? { column: snapshot.context.query.sort_column, direction: snapshot.context.query.sort_direction ?? 'asc' }
    : null
  const labels = useTableLabels(snapshot.context.page?.total_is_estimate ?? false)
  const filtered = Boolean(snapshot.context.query.search) || Object.keys(snapshot.context.query.filters).length > 0
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar table={table} filters={filter} />
      <DataTable<Row>
        caption={caption}
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
            <Link to={viewPath(row.id)} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              {t('actions.view')}
            </Link>
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
    </div>
  )
}
