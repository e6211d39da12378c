import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { attributeTypes } from '../../contract/core'
import { propertiesAccess, propertiesResource, propertiesScreens, type Property, isChoiceAttributeType } from '../../contract/properties'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { FilterMulti, TableToolbar } from '../shared/table-toolbar'
import { useActiveColumn } from '../shared/active-column'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'

export function PropertiesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(propertiesResource)
  const canCreate = useCan(propertiesAccess.can.create)
  const canUpdate = useCan(propertiesAccess.can.update)
  const canDelete = useCan(propertiesAccess.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<Property>(table, canUpdate, (row) => row.name)

  const columns: DataTableColumn<Property>[] = [
    {
      id: 'name',
      header: t('properties.fields.name'),
      sortable: true,
      cell: (row) => (
        <Link
          to={propertiesScreens.view(row.id)}
          className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
        >
          {row.name}
        </Link>
      ),
    },
    {
      id: 'attribute_type',
      header: t('properties.fields.attribute_type'),
      sortable: true,
      cell: (row) => t(`lists.attribute_types.${row.attribute_type}`),
    },
    {
      id: 'values_count',
      header: t('properties.fields.values_count'),
      align: 'center',
      cell: (row) => (isChoiceAttributeType(row.attribute_type) ? row.values_count : '-'),
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('properties.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        filters={
          <>
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
            <Link to={propertiesScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('properties.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Property>
        table={table}
        caption={t('properties.caption')}
        columns={columns}
        viewPath={(row) => propertiesScreens.view(row.id)}
        {...(canUpdate ? { editPath: (row: Property) => propertiesScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
