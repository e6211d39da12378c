import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { companyRequestsResource, shippingIssuesResource, type CompanyRequest, type ShippingIssue } from '../../contract'
import { paths } from '../../app/paths'
import { useRoot } from '../../app/root'
import { Badge } from '../../ui/badge'
import type { DataTableColumn } from '../../ui/data-table'
import { formatDateTimeShort } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { ResourceTable } from '../shared/resource-table'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'
import type { SupportKind } from '../../machines/support-item'
import { SupportActionButton } from './support-action'

export const viewPathOf = (kind: 'shipping' | 'company', id: number) =>
  kind === 'shipping' ? `${paths.support.view}/${id}` : `${paths.support.view}/${id}?kind=company`

const linkStyle = css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })
const muted = css({ color: 'fg.subtle' })
/** Two values of one cell, the second smaller below the first. */
const stacked = css({ display: 'flex', flexDir: 'column', gap: '0.5' })
const secondary = css({ color: 'fg.muted', fontSize: 'xs' })

/** Shipping issues: search, resolved filter, sort and pages; an open one is marked as resolved from its row or its view. */
export function ShippingIssuesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(shippingIssuesResource)
  const canResolve = usePermission('support:resolve')
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const columns: DataTableColumn<ShippingIssue>[] = [
    {
      id: 'orderNumber',
      header: t('support.fields.order'),
      nowrap: true,
      cell: (row) => (
        <span className={stacked}>
          <Link to={viewPathOf('shipping', row.id)} className={linkStyle}>
            <bdi>{row.orderNumber}</bdi>
          </Link>
          <span className={secondary}>{t('support.orderIdValue', { id: row.orderId })}</span>
        </span>
      ),
    },
    {
      id: 'shipmentId',
      header: t('support.fields.shipment'),
      nowrap: true,
      cell: (row) => (
        <span className={stacked}>
          <bdi>{row.shipmentId}</bdi>
          <span className={secondary}>{row.trackingNumber ? <bdi>{row.trackingNumber}</bdi> : t('support.noTrackingNumber')}</span>
        </span>
      ),
    },
    { id: 'tenant', header: t('support.fields.tenant'), cell: (row) => row.tenant },
    { id: 'issue', header: t('support.fields.issue'), cell: (row) => <span dir="auto" className={css({ display: 'block', minW: '48' })}>{row.issue}</span> },
    {
      id: 'resolved',
      header: t('table.status'),
      cell: (row) => <Badge tone={row.resolved ? 'success' : 'warning'}>{row.resolved ? t('support.resolved') : t('support.notResolved')}</Badge>,
    },
    {
      id: 'resolveAt',
      header: t('support.fields.resolveAt'),
      sortable: true,
      nowrap: true,
      cell: (row) => (row.resolveAt ? formatDateTimeShort(row.resolveAt, lang) : <span className={muted}>—</span>),
    },
    { id: 'created_at', header: t('support.fields.created_at'), sortable: true, nowrap: true, cell: (row) => formatDateTimeShort(row.created_at, lang) },
  ]
  return (
    <SupportList<ShippingIssue>
      table={table}
      kind="shippingIssue"
      path={shippingIssuesResource.path}
      caption={t('support.shippingCaption')}
      columns={columns}
      filter={{ name: 'resolved', no: t('support.notResolved'), yes: t('support.resolved') }}
      viewPath={(row) => viewPathOf('shipping', row.id)}
      nameOf={(row) => row.orderNumber}
      actionLabel={(row) => `${t('support.markResolved')} ${row.orderNumber}`}
      open={(row) => canResolve && !row.resolved}
    />
  )
}

/** Shipping company requests: search, activated filter, sort and pages; a pending one is activated from its row or its view. */
export function CompanyRequestsListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(companyRequestsResource)
  const canActivate = usePermission('support:activate')
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
    { id: 'contact_phone', header: t('support.fields.contact_phone'), nowrap: true, cell: (row) => <bdi dir="ltr">{row.contact_phone}</bdi> },
    {
      id: 'activated',
      header: t('table.status'),
      cell: (row) => <Badge tone={row.activated ? 'success' : 'warning'}>{row.activated ? t('support.activated') : t('support.notActivated')}</Badge>,
    },
    {
      id: 'activatedAt',
      header: t('support.fields.activatedAt'),
      sortable: true,
      nowrap: true,
      cell: (row) => (row.activatedAt ? formatDateTimeShort(row.activatedAt, lang) : <span className={muted}>—</span>),
    },
    { id: 'created_at', header: t('support.fields.created_at'), sortable: true, nowrap: true, cell: (row) => formatDateTimeShort(row.created_at, lang) },
  ]
  return (
    <SupportList<CompanyRequest>
      table={table}
      kind="companyRequest"
      path={companyRequestsResource.path}
      caption={t('support.companyCaption')}
      columns={columns}
      filter={{ name: 'activated', no: t('support.notActivated'), yes: t('support.activated') }}
      viewPath={(row) => viewPathOf('company', row.id)}
      nameOf={(row) => row.company_name}
      actionLabel={(row) => `${t('support.activate')} ${row.company_name}`}
      open={(row) => canActivate && !row.activated}
    />
  )
}

/**
 * A support list: search, the done / not done filter, sort and pages; an item still open carries
 * its action (resolve or activate) in its row, and each row opens its view.
 */
function SupportList<Row extends { id: number; version: number }>({
  table,
  kind,
  path,
  caption,
  columns,
  filter,
  viewPath,
  nameOf,
  actionLabel,
  open,
}: {
  table: ResourceTableActor
  kind: SupportKind
  path: string
  caption: string
  columns: DataTableColumn<Row>[]
  /** The yes/no filter of the state: its query name and the labels of "0" and "1". */
  filter: { name: string; no: string; yes: string }
  viewPath: (row: Row) => string
  nameOf: (row: Row) => string
  actionLabel: (row: Row) => string
  /** The item is still open and this admin may act on it. */
  open: (row: Row) => boolean
}) {
  const { t } = useTranslation()
  const { toaster } = useRoot()
  // the server's message, then the rows again (the row changes state or leaves a filtered list)
  const done = (message: string) => {
    toaster.success({ title: message })
    table.send({ type: 'table.reload' })
  }
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <FilterSelect
            table={table}
            name={filter.name}
            label={t('table.status')}
            options={[
              { value: '0', label: filter.no },
              { value: '1', label: filter.yes },
            ]}
          />
        }
      />
      <ResourceTable<Row>
        table={table}
        caption={caption}
        columns={columns}
        viewPath={viewPath}
        nameOf={nameOf}
        rowActions={(row, ready) =>
          open(row) ? (
            <SupportActionButton
              key={`${row.id}-${row.version}`}
              variant="outline"
              kind={kind} path={path} id={row.id} disabled={!ready} label={actionLabel(row)} onDone={done} />
          ) : null
        }
      />
    </div>
  )
}
