import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { categoriesAccess, categoriesResource, categoriesScreens, type Category } from '../../contract/categories'
import { imageUrlOf } from '../../contract/uploads'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { TableToolbar } from '../shared/table-toolbar'
import { useActiveColumn } from '../shared/active-column'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'
import { Thumbnail } from '../../ui/thumbnail'
import { useCan, useLang } from '../shared/runtime'

export function CategoriesListScreen() {
  const { t } = useTranslation()
  const table = useResourceTable(categoriesResource)
  const canCreate = useCan(categoriesAccess.can.create)
  const canUpdate = useCan(categoriesAccess.can.update)
  const canDelete = useCan(categoriesAccess.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<Category>(table, canUpdate, (row) => row.name)

  const columns: DataTableColumn<Category>[] = [
    {
      id: 'name',
      header: t('categories.fields.name'),
      sortable: true,
      cell: (row) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3' })}>
          <Thumbnail src={imageUrlOf(row.image)} />
          <Link
            to={categoriesScreens.view(row.id)}
            className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
          >
            {row.name}
          </Link>
        </span>
      ),
    },
    {
      id: 'parent',
      header: t('categories.fields.parent_id'),
      cell: (row) => row.parent_name ?? <span className={css({ color: 'fg.subtle' })}>{t('categories.topLevel')}</span>,
    },
    {
      id: 'sub_categories_count',
      header: t('categories.fields.sub_categories_count'),
      align: 'center',
      cell: (row) => row.sub_categories_count,
    },
    activeColumn,
    {
      id: 'created_at',
      header: t('categories.fields.created_at'),
      sortable: true,
      cell: (row) => <DateTimeCell iso={row.created_at} lang={lang} />,
    },
  ]

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <TableToolbar
        table={table}
        statusFilter
        action={
          canCreate ? (
            <Link to={categoriesScreens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t('categories.add')}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Category>
        table={table}
        caption={t('categories.caption')}
        columns={columns}
        viewPath={(row) => categoriesScreens.view(row.id)}
        {...(canUpdate ? { editPath: (row: Category) => categoriesScreens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.name}
        deleteRefusal={(row) =>
          row.sub_categories_count > 0 ? t('categories.errors.subCategoriesFirst', { count: row.sub_categories_count }) : null
        }
      />
    </div>
  )
}
