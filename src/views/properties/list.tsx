import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { attributeTypes, propertiesResource, type Property } from '../../contract'
import { paths } from '../../app/paths'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { Switch } from '../../ui/switch'
import { formatDateTimeShort } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { FilterMulti, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'

export function PropertiesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(propertiesResource)
  const snapshot = useSelector(table, (s) => s)
  const canCreate = usePermission('properties:create')
  const canUpdate = usePermission('properties:update')
  const canDelete = usePermission('properties:delete')
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  /** Row actions wait for the table to be at rest (not loading, toggling or deleting). */
  const ready = snapshot.matches({ table: 'ready' })

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
    { id: 'created_at', header: t('properties.fields.created_at'), sortable: true, nowrap: true, cell: (row) => formatDateTimeShort(row.created_at, lang) },
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
            <FilterMulti
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
      <ResourceTable<Property>
        table={table}
        caption={t('properties.caption')}
        columns={columns}
        viewPath={(row) => `${paths.properties.view}/${row.id}`}
        {...(canUpdate ? { editPath: (row: Property) => `${paths.properties.edit}/${row.id}` } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
