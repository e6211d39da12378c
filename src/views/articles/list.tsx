import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { articleLanguages, type Article } from '../../contract/articles'
import { Badge } from '../../ui/badge'
import { buttonRecipe } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { DateTimeCell } from '../shared/date-time-cell'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useActiveColumn } from '../shared/active-column'
import { ResourceTable } from '../shared/resource-table'
import { useResourceTable } from '../shared/use-resource-table'
import { articleKinds, type ArticleKind } from './kinds'
import { imageUrlOf } from '../../contract/uploads'
import { Thumbnail } from '../../ui/thumbnail'
import { useCan, useLang } from '../shared/runtime'

export const BlogsListScreen = () => <ArticlesList kind="blogs" />
export const ContentsListScreen = () => <ArticlesList kind="contents" />

/** Blogs or content pages: search, status and language filters, sort, pages; edit and delete. */
function ArticlesList({ kind }: { kind: ArticleKind }) {
  const { t } = useTranslation()
  const { resource, access, screens } = articleKinds[kind]
  const table = useResourceTable(resource)
  const canCreate = useCan(access.can.create)
  const canUpdate = useCan(access.can.update)
  const canDelete = useCan(access.can.delete)
  const lang = useLang()
  const activeColumn = useActiveColumn<Article>(table, canUpdate, (row) => row.title)

  const columns: DataTableColumn<Article>[] = [
    {
      id: 'title',
      header: t('articles.fields.title'),
      sortable: true,
      cell: (row) => (
        <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '3' })}>
          <Thumbnail src={imageUrlOf(row.image)} />
          {canUpdate ? (
            <Link
              to={screens.edit(row.id)}
              className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}
            >
              {row.title}
            </Link>
          ) : (
            <span className={css({ fontWeight: '600' })}>{row.title}</span>
          )}
        </span>
      ),
    },
    {
      id: 'seo_link',
      header: t('articles.fields.seo_link'),
      cell: (row) => <bdi className={css({ color: 'fg.muted', fontSize: 'sm' })}>{row.seo_link}</bdi>,
    },
    {
      id: 'language',
      header: t('articles.fields.language'),
      cell: (row) => <Badge tone="info">{t(`articles.languages.${row.language}`)}</Badge>,
    },
    { id: 'order', header: t('articles.fields.order'), sortable: true, align: 'center', cell: (row) => row.order },
    activeColumn,
    {
      id: 'created_at',
      header: t('articles.fields.created_at'),
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
          <FilterSelect
            table={table}
            name="language"
            label={t('articles.fields.language')}
            options={articleLanguages.map((value) => ({ value, label: t(`articles.languages.${value}`) }))}
          />
        }
        action={
          canCreate ? (
            <Link to={screens.create} className={buttonRecipe({ variant: 'solid' })}>
              {t(`${kind}.add`)}
            </Link>
          ) : null
        }
      />
      <ResourceTable<Article>
        table={table}
        caption={t(`${kind}.caption`)}
        columns={columns}
        {...(canUpdate ? { editPath: (row: Article) => screens.edit(row.id) } : {})}
        canDelete={canDelete}
        nameOf={(row) => row.title}
      />
    </div>
  )
}
