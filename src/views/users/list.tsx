import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  adminUsersAccess,
  adminUsersResource,
  adminUsersScreens,
  lastLoginFilters,
  userTypes,
  type AdminUser,
} from '../../contract/admin-users'
import { imageUrlOf } from '../../contract/uploads'
import { Avatar } from '../../ui/avatar'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { useActiveColumn } from '../shared/active-column'
import { DateTimeCell } from '../shared/date-time-cell'
import { ResourceTable } from '../shared/resource-table'
import { FilterMulti, FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { useCan, useLang, useSelectList } from '../shared/runtime'

/** The admin users: filters by role, type and status, search by name or email, sort. */
export function AdminUsersListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(adminUsersResource)
  const canCreate = useCan(adminUsersAccess.can.create)
  const canUpdate = useCan(adminUsersAccess.can.update)
  const canDelete = useCan(adminUsersAccess.can.delete)
  const lang = useLang()
  const { list: roleList } = useSelectList('roles')
  const activeColumn = useActiveColumn<AdminUser>(table, canUpdate, (row) => row.name)

  const columns: DataTableColumn<AdminUser>[] = [
    {
      id: 'name',
      header: t('users.fields.name'),
      sortable: true,
      cell: (row) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
          <Avatar name={row.name} src={imageUrlOf(row.avatar)} />
          {canUpdate ? (
            <Link
              to={adminUsersScreens.edit(row.id)}
              className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
            >
              {row.name}
            </Link>
          ) : (
            <span className={css({ fontWeight: '600' })}>{row.name}</span>
          )}
          {row.is_self ? <Badge tone="info">{t('users.you')}</Badge> : null}
        </span>
      ),
    },
    {
      id: 'email',
      header: t('users.fields.email'),
      sortable: true,
      cell: (row) => (
        <bdi dir="ltr" className={css({ fontSize: 'sm' })}>
          {row.email}
        </bdi>
      ),
    },
    {
      id: 'user_type',
      header: t('users.fields.user_type'),
      cell: (row) => <Badge tone={row.user_type === 'primary' ? 'warning' : 'neutral'}>{t(`users.types.${row.user_type}`)}</Badge>,
    },
    {
      id: 'roles',
      header: t('users.fields.roles'),
      cell: (row) => <span className={css({ fontSize: 'sm' })}>{row.roles.map((r) => r.name).join('، ')}</span>,
    },
    activeColumn,
    ...(canUpdate
      ? [
          {
            id: 'categories',
            header: t('users.categories.menuAction'),
            cell: (row: AdminUser) =>
              row.user_type === 'sub' && !row.is_self ? (
                <Link to={adminUsersScreens.categories(row.id)} aria-label={t('users.categories.title', { name: row.name })}>
                  {t('users.categories.menuAction')}
                </Link>
              ) : null,
          },
        ]
      : []),
    {
      id: 'last_login_at',
      header: t('users.fields.last_login_at'),
      sortable: true,
      cell: (row) => (row.last_login_at ? <DateTimeCell iso={row.last_login_at} lang={lang} /> : t('users.never')),
    },
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
              name="role_id"
              label={t('users.fields.role')}
              options={(roleList ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
            />
            <FilterMulti
              table={table}
              name="user_type"
              label={t('users.fields.user_type')}
              options={userTypes.map((value) => ({ value, label: t(`users.types.${value}`) }))}
            />
            <FilterSelect
              table={table}
              name="last_login"
              label={t('users.lastLogin.label')}
              options={lastLoginFilters.map((value) => ({ value, label: t(`users.lastLogin.${value}`) }))}
            />
          </>
        }
        action={
          canCreate ? (
            <Link to={adminUsersScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('users.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<AdminUser>
        table={table}
        caption={t('users.caption')}
        columns={columns}
        {...(canUpdate ? { editPath: (row: AdminUser) => adminUsersScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
