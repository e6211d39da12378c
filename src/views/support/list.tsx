import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  type CompanyRequest,
  companyRequestsResource,
  type ShippingIssue,
  shippingIssuesResource,
  supportAccess,
  supportScreens,
} from '../../contract/support'
import { Badge } from '../../ui/badge'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'
import { supportStatusOf, type SupportKind } from '../../domain/support'
import { isBusy } from '../../machines/data-table'
import { SupportActionButton, type SupportDone } from './support-action'
import { useCan, useLang, useToaster } from '../shared/runtime'

export const viewPathOf = (kind: 'shipping' | 'company', id: number) =>
  kind === 'shipping' ? supportScreens.view(id) : `${supportScreens.view(id)}?kind=company`

const linkStyle = css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })
const muted = css({ color: 'fg.subtle' })
/** Two values of one cell, the second smaller below the first. */
const stacked = css({ display: 'flex', flexDir: 'column', gap: '0.5' })
const secondary = css({ color: 'fg.muted', fontSize: 'xs' })

/** Shipping issues: search, resolved filter, sort and pages; an open one is marked as resolved from its row or its view. */
export function ShippingIssuesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(shippingIssuesResource)
  const canResolve = useCan(supportAccess.can.resolve)
  const lang = useLang()
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
    { id: 'tenant', header: t('support.fields.tenant'), cell: (row) => <bdi>{row.tenant}</bdi> },
    {
      id: 'issue',
      header: t('support.fields.issue'),
      cell: (row) => (
        // isolated, not turned: an English issue in the Arabic list keeps the column's alignment
        <span className={css({ display: 'block', minW: '48' })}>
          <bdi>{row.issue}</bdi>
        </span>
      ),
    },
    {
      id: 'resolved',
      header: t('table.status'),
      cell: (row) => (
        <Badge tone={row.resolved ? 'success' : 'warning'}>{row.resolved ? t('support.resolved') : t('support.notResolved')}</Badge>
      ),
    },
    {
      id: 'resolveAt',
      header: t('support.fields.resolveAt'),
      sortable: true,
      cell: (row) => (row.resolveAt ? <DateTimeCell iso={row.resolveAt} lang={lang} /> : <span className={muted}>—</span>),
    },
    {
      id: 'created_at',
      header: t('support.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
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
      allowed={canResolve}
      doneAt={(row) => row.resolveAt}
    />
  )
}

/** Shipping company requests: search, activated filter, sort and pages; a pending one is activated from its row or its view. */
export function CompanyRequestsListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(companyRequestsResource)
  const canActivate = useCan(supportAccess.can.activate)
  const lang = useLang()
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
    { id: 'tenant', header: t('support.fields.tenant'), cell: (row) => <bdi>{row.tenant}</bdi> },
    {
      id: 'contact_phone',
      header: t('support.fields.contact_phone'),
      nowrap: true,
      cell: (row) => <bdi dir="ltr">{row.contact_phone}</bdi>,
    },
    {
      id: 'activated',
      header: t('table.status'),
      cell: (row) => (
        <Badge tone={row.activated ? 'success' : 'warning'}>{row.activated ? t('support.activated') : t('support.notActivated')}</Badge>
      ),
    },
    {
      id: 'activatedAt',
      header: t('support.fields.activatedAt'),
      sortable: true,
      cell: (row) => (row.activatedAt ? <DateTimeCell iso={row.activatedAt} lang={lang} /> : <span className={muted}>—</span>),
    },
    {
      id: 'created_at',
      header: t('support.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
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
      allowed={canActivate}
      doneAt={(row) => row.activatedAt}
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
  allowed,
  doneAt,
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
  /** This admin may act on the items (the chart offers the action where the item stands). */
  allowed: boolean
  /** When the item was resolved or activated (null while open). */
  doneAt: (row: Row) => string | null
}) {
  const { t } = useTranslation()
  const toaster = useToaster()
  const busy = useSelector(table, isBusy)
  // the server's message, then the rows again (the row changes state or leaves a filtered list)
  const done: SupportDone = (message, outcome) => {
    if (outcome === 'done') toaster.success({ title: message })
    else toaster.info({ title: message })
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
        rowActions={(row) =>
          allowed ? (
            <SupportActionButton
              key={`${row.id}-${row.version}`}
              variant="outline"
              kind={kind}
              status={supportStatusOf(kind, doneAt(row))}
              path={path}
              id={row.id}
              disabled={busy}
              label={actionLabel(row)}
              onDone={done}
            />
          ) : null
        }
      />
    </div>
  )
}
