import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../ui/badge'
import type { DataTableColumn } from '../../ui/data-table'
import { Switch } from '../../ui/switch'
import type { ResourceTableActor } from './use-resource-table'

type Activatable = { id: number; is_active: boolean }

/** A row's switch: it flips the record through the dataTable chart, and only while the chart accepts it. */
function ActiveSwitch({ table, row, label }: { table: ResourceTableActor; row: Activatable; label: string }) {
  const enabled = useSelector(table, (s) => s.can({ type: 'table.toggleActive', id: row.id }))
  return (
    <Switch
      hideLabel
      label={label}
      checked={row.is_active}
      disabled={!enabled}
      onCheckedChange={() => table.send({ type: 'table.toggleActive', id: row.id })}
    />
  )
}

/** The status column of a list: a switch for an admin who may update the records, a badge otherwise. */
export function useActiveColumn<Row extends Activatable>(
  table: ResourceTableActor,
  canUpdate: boolean,
  nameOf: (row: Row) => string,
): DataTableColumn<Row> {
  const { t } = useTranslation()
  return {
    id: 'is_active',
    header: t('table.status'),
    cell: (row) =>
      canUpdate ? (
        <ActiveSwitch table={table} row={row} label={t('table.toggleActive', { name: nameOf(row) })} />
      ) : (
        <Badge tone={row.is_active ? 'success' : 'neutral'}>{row.is_active ? t('table.active') : t('table.inactive')}</Badge>
      ),
  }
}
