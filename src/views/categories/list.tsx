import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { categoriesResource, imageUrlOf, type Category } from '../../contract'
import { paths } from '../../app/paths'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { Switch } from '../../ui/switch'
import { formatDateTimeShort } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { TableToolbar } from '../shared/table-toolbar'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'
import { Thumbnail } from '../../ui/thumbnail'

export function CategoriesListScreen() {
  const { t, i18n } = useTranslation()
  const table = useResourceTable(categoriesResource)
  const snapshot = useSelector(table, (s) => s)
  const canCreate = usePermission('categories:create')
  const canUpdate = usePermission('categories:update')
  const canDelete = usePermission('categories:delete')
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  /** Row actions wait for the table to be at rest (not loading, toggling or deleting). */
  const ready = snapshot.matches({ table: 'ready' })

  const columns: DataTableColumn<Category>[] = [
    {
      id: 'name',
      header: t('categories.fields.name'),
      sortable: true,
      cell: (row) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3' })}>
          <Thumbnail src={imageUrlOf(row.image)} />
          <Link to={`${paths.categories.view}/${row.id}`} className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}>
            {row.name}
          </Link>
        </span>
      ),
    },
    { id: 'parent', header: t('categories.fields.parent_id'), cell: (row) => row.parent_name ?? <span className={css({ color: 'fg.subtle' })}>{t('categories.topLevel')}</span> },
    { id: 'sub_categories_count', header: t('categories.fields.sub_categories_count'), align: 'center', cell: (row) => row.sub_categories_count },
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
    { id: 'created_at', header: t('categories.fields.created_at'), sortable: true, nowrap: true, cell: (row) => formatDateTimeShort(row.created_at, lang) },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        action={
          canCreate ? (
            <Link to={paths.categories.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('categories.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Category>
        table={table}
        caption={t('categories.caption')}
        columns={columns}
        viewPath={(row) => `${paths.categories.view}/${row.id}`}
        {...(canUpdate ? { editPath: (row: Category) => `${paths.categories.edit}/${row.id}` } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
      />
    </div>
  )
}
