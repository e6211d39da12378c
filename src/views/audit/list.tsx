import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { auditLists, auditPaths, auditResource, recordHistoryPath, SECRET_MASK, type AuditEntry } from '../../contract/audit'
import { Button, buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { ExportButton, exportQueryOf } from '../shared/export-button'
import { ResourceTable } from '../shared/resource-table'
import { useLang, useSelectList } from '../shared/runtime'
import { FilterDate, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable, type ResourceTableActor } from '../shared/use-resource-table'

/** The actions modules write (others show as written). */
const ACTIONS = [
  'create',
  'update',
  'delete',
  'toggle',
  'register',
  'createPayment',
  'changeStatus',
  'activate',
  'resolve',
  'read',
  'import',
  'reorder',
  'map',
  'unmap',
  'addVendors',
  'removeVendor',
] as const

const styles = {
  summary: css({
    cursor: 'pointer',
    color: 'accent.default',
    fontWeight: '600',
    whiteSpace: 'nowrap',
    borderRadius: 'l1',
    _focusVisible: { outline: '2px solid', outlineColor: 'accent.default', outlineOffset: '2px' },
  }),
  diff: css({
    mt: '2',
    w: 'full',
    minW: { base: 'full', md: '22rem' },
    tableLayout: 'fixed',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { textAlign: 'start', verticalAlign: 'top', px: '2', py: '1.5', borderBottomWidth: '1px', borderColor: 'border.default' },
    '& th': { color: 'fg.muted', fontWeight: '600' },
  }),
  field: css({ fontFamily: 'mono', fontSize: 'xs', overflowWrap: 'break-word', hyphens: 'auto' }),
  value: css({
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
    wordBreak: 'break-word',
    maxH: '40',
    overflowY: 'auto',
    display: 'block',
  }),
  muted: css({ color: 'fg.muted' }),
  recordLink: css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' }, whiteSpace: 'nowrap' }),
  note: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '3',
    p: '3',
    borderRadius: 'l2',
    bg: 'bg.subtle',
    borderWidth: '1px',
    borderColor: 'border.default',
  }),
}

/** One value of a change as read: empty, masked (a secret), text, or JSON of a structure. */
function ChangeValue({ value }: { value: unknown }) {
  const { t } = useTranslation()
  if (value === null || value === undefined || value === '') return <span className={styles.muted}>{t('audit.empty')}</span>
  if (value === SECRET_MASK)
    return (
      <span className={styles.muted} title={t('audit.masked')}>
        <span aria-hidden="true">{SECRET_MASK}</span>
        <span className={css({ srOnly: true })}>{t('audit.masked')}</span>
      </span>
    )
  const text = typeof value === 'string' ? value : JSON.stringify(value, null, 2)
  return (
    <span className={styles.value} dir={typeof value === 'string' ? 'auto' : 'ltr'}>
      {text}
    </span>
  )
}

/** A row's changed fields, folded: each field's value before and after in a small table. */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation()
  const fields = Object.entries(entry.changes)
  if (fields.length === 0) return <span className={styles.muted}>{t('audit.noChanges')}</span>
  return (
    <details>
      <summary className={styles.summary}>
        {t('audit.showChanges')} ({fields.length.toLocaleString(undefined)})
      </summary>
      <table className={styles.diff}>
        <caption className={css({ srOnly: true })}>{t('audit.changesOf', { id: entry.id })}</caption>
        <thead>
          <tr>
            <th scope="col" className={css({ w: { base: '28%', md: '30%' } })}>
              {t('audit.fields.field')}
            </th>
            <th scope="col">{t('audit.fields.from')}</th>
            <th scope="col">{t('audit.fields.to')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map(([field, change]) => (
            <tr key={field}>
              <th scope="row" className={styles.field}>
                <bdi dir="ltr">{field}</bdi>
              </th>
              <td>
                <ChangeValue value={change.from} />
              </td>
              <td>
                <ChangeValue value={change.to} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  )
}

/** A module's name in the admin's language (its own name when the catalogue has none). */
function useResourceLabel() {
  const { t } = useTranslation()
  return (resource: string) => t(`audit.resources.${resource}` as never, { defaultValue: resource })
}

/** "Only the history of <record>" while the list is narrowed to one record, with the way back to every record. */
function RecordNote({ table }: { table: ResourceTableActor }) {
  const { t } = useTranslation()
  const labelOf = useResourceLabel()
  const filters = useSelector(table, (s) => s.context.query.filters)
  const resource = filters.resource
  const id = filters.record_id
  if (resource === undefined || resource === '' || id === undefined || id === '') return null
  const { record_id: _id, ...rest } = filters
  return (
    <p className={styles.note} role="status">
      <span>{t('audit.recordFilter', { resource: labelOf(String(resource)), id: String(id) })}</span>
      <Button variant="outline" size="sm" onClick={() => table.send({ type: 'table.filtered', filters: rest })}>
        {t('audit.showAll')}
      </Button>
    </p>
  )
}

/** `audit`: every write, newest first, filtered by admin, module, action and period; a record's own history by its link. */
export function AuditListScreen() {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useResourceTable(auditResource)
  const labelOf = useResourceLabel()
  const admins = useSelectList(auditLists.admins).list
  const resources = useSelectList(auditLists.resources).list
  const adminOptions = useMemo(() => (admins ?? []).map((a) => ({ value: String(a.id), label: a.name })), [admins])
  const resourceOptions = useMemo(() => (resources ?? []).map((r) => ({ value: String(r.id), label: r.name })), [resources])
  const actionOptions = ACTIONS.map((value) => ({ value, label: t(`audit.actions.${value}`) }))

  const columns: DataTableColumn<AuditEntry>[] = [
    { id: 'created_at', header: t('audit.fields.at'), sortable: true, cell: (row) => <DateTimeCell iso={row.at} lang={lang} /> },
    {
      id: 'admin',
      header: t('audit.fields.admin'),
      cell: (row) => (row.admin ? <span dir="auto">{row.admin.name}</span> : <span className={styles.muted}>{t('audit.system')}</span>),
    },
    {
      id: 'action',
      header: t('audit.fields.action'),
      cell: (row) => t(`audit.actions.${row.action}` as never, { defaultValue: row.action }),
    },
    { id: 'resource', header: t('audit.fields.resource'), cell: (row) => labelOf(row.resource) },
    {
      id: 'record_id',
      header: t('audit.fields.record_id'),
      cell: (row) =>
        row.record_id === null ? (
          '—'
        ) : (
          <Link
            to={recordHistoryPath(row.resource, row.record_id)}
            className={styles.recordLink}
            aria-label={t('audit.recordFilter', { resource: labelOf(row.resource), id: row.record_id })}
          >
            #{row.record_id}
          </Link>
        ),
    },
    { id: 'changes', header: t('audit.fields.changes'), width: '40%', cell: (row) => <Changes entry={row} /> },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        filters={
          <>
            <FilterSelect table={table} name="admin_id" label={t('audit.fields.admin')} options={adminOptions} />
            <FilterSelect table={table} name="resource" label={t('audit.fields.resource')} options={resourceOptions} />
            <FilterSelect table={table} name="action" label={t('audit.fields.action')} options={actionOptions} />
            <FilterDate table={table} name="from" label={t('audit.fields.period_from')} />
            <FilterDate table={table} name="to" label={t('audit.fields.period_to')} minFilter="from" />
          </>
        }
        action={
          <ExportButton
            path={auditPaths.export}
            filename="audit"
            query={() => exportQueryOf(table)}
            label={t('audit.export')}
            busyLabel={t('audit.exporting')}
            failedLabel={t('audit.exportFailed')}
          />
        }
      />
      <RecordNote table={table} />
      <ResourceTable<AuditEntry>
        table={table}
        caption={t('audit.caption')}
        columns={columns}
        nameOf={(row) => `#${row.id}`}
        rowActions={(row) =>
          row.screen ? (
            <Link to={row.screen} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
              {t('audit.openRecord')}
            </Link>
          ) : null
        }
      />
    </div>
  )
}
