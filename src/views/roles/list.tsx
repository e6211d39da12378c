import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { rolesAccess, rolesResource, rolesScreens, type Role } from '../../contract/roles'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang } from '../shared/runtime'

/** The roles: name, how many permissions, how many admins hold each; search and sort. */
export function RolesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(rolesResource)
  const canCreate = useCan(rolesAccess.can.create)
  const canUpdate = useCan(rolesAccess.can.update)
  const canDelete = useCan(rolesAccess.can.delete)
  const lang = useLang()

  const columns: DataTableColumn<Role>[] = [
    {
      id: 'name',
      header: t('roles.fields.name'),
      sortable: true,
      cell: (row) =>
        canUpdate ? (
          <Link
            to={rolesScreens.edit(row.id)}
            className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
          >
            {row.name}
          </Link>
        ) : (
          <span className={css({ fontWeight: '600' })}>{row.name}</span>
        ),
    },
    {
      id: 'permissions',
      header: t('roles.fields.permissions'),
      align: 'center',
      cell: (row) => t('roles.matrix.granted', { n: row.permissions.length }),
    },
    { id: 'admins', header: t('roles.fields.admins_count'), sortable: true, align: 'center', cell: (row) => row.admins_count },
    {
      id: 'created_at',
      header: t('roles.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        action={
          canCreate ? (
            <Link to={rolesScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('roles.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Role>
        table={table}
        caption={t('roles.caption')}
        columns={columns}
        {...(canUpdate ? { editPath: (row: Role) => rolesScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
