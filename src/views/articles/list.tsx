import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { PAGE_SIZES } from '../../contract'
import { articleLanguages, type Article } from '../../contract/articles'
import { deleteCandidate, loadFailure, loadingFlags, paginationOf, rowsOf } from '../../machines/data-table'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { DataTable, type DataTableColumn } from '../../ui/data-table'
import { ConfirmDialog } from '../../ui/modal'
import { Switch } from '../../ui/switch'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { useTableLabels } from '../shared/table-labels'
import { FilterSelect, TableToolbar } from '../shared/table-toolbar'
import { useResourceTable } from '../shared/use-resource-table'
import { articleKinds, type ArticleKind } from './kinds'

export const BlogsListScreen = () => <ArticlesList kind="blogs" />
export const ContentsListScreen = () => <ArticlesList kind="contents" />

/** Blogs or content pages: search, status and language filters, sort, pages; edit and delete. */
function ArticlesList({ kind }: { kind: ArticleKind }) {
  const { t, i18n } = useTranslation()
  const { resource, paths } = articleKinds[kind]
  const table = useResourceTable(resource)
  const snapshot = useSelector(table, (s) => s)
  const canCreate = usePermission(`${resource.module}:create`)
  const canUpdate = usePermission(`${resource.module}:update`)
  const canDelete = usePermission(`${resource.module}:delete`)
  const rows = rowsOf(snapshot) as unknown as Article[]
  const pagination = paginationOf(snapshot)
  const flags = loadingFlags(snapshot)
  const failure = loadFailure(snapshot)
  const sort = snapshot.context.query.sort_column
    ? { column: snapshot.context.query.sort_column, direction: snapshot.context.query.sort_direction ?? 'asc' }
    : null
  const labels = useTableLabels(snapshot.context.page?.total_is_estimate ?? false)
  const filtered = Boolean(snapshot.context.query.search) || Object.keys(snapshot.context.query.filters).length > 0
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const ready = snapshot.matches({ table: 'ready' })
  const candidate = deleteCandidate(snapshot)

  const columns: DataTableColumn<Article>[] = [
    {
      id: 'title',
      header: t('articles.fields.title'),
      sortable: true,
      cell: (row) =>
        canUpdate ? (
          <Link to={`${paths.edit}/${row.id}`} className={css({ fontWeight: '600', color: 'fg.default', _hover: { color: 'accent.default' } })}>
            {row.title}
          </Link>
        ) : (
          <span className={css({ fontWeight: '600' })}>{row.title}</span>
        ),
    },
    { id: 'seo_link', header: t('articles.fields.seo_link'), cell: (row) => <bdi className={css({ color: 'fg.muted', fontSize: 'sm' })}>{row.seo_link}</bdi> },
    { id: 'language', header: t('articles.fields.language'), cell: (row) => <Badge tone="info">{t(`articles.languages.${row.language}`)}</Badge> },
    { id: 'order', header: t('articles.fields.order'), sortable: true, align: 'center', cell: (row) => row.order },
    {
      id: 'is_active',
      header: t('table.status'),
      cell: (row) =>
        canUpdate ? (
          <Switch
            hideLabel
            label={t('table.toggleActive', { name: row.title })}
            checked={row.is_active}
            disabled={!ready}
            onCheckedChange={() => table.send({ type: 'table.toggleActive', id: row.id })}
          />
        ) : (
          <Badge tone={row.is_active ? 'success' : 'neutral'}>{row.is_active ? t('table.active') : t('table.inactive')}</Badge>
        ),
    },
    { id: 'created_at', header: t('articles.fields.created_at'), sortable: true, cell: (row) => formatDateTime(row.created_at, lang) },
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
            <Link to={paths.create} className={buttonRecipe({ variant: 'solid' })}>
              {t(`${kind}.add`)}
            </Link>
          ) : null
        }
      />
      <DataTable<Article>
        caption={t(`${kind}.caption`)}
        captionHidden
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        sort={sort}
        onSort={(next) => table.send({ type: 'table.sorted', column: next.column })}
        loading={flags.table && rows.length === 0}
        emptyMessage={filtered ? t('table.emptyFiltered') : t('table.empty')}
        error={failure ? failure.message || t('table.loadFailed') : undefined}
        retryLabel={t('actions.tryAgain')}
        onRetry={() => table.send({ type: 'table.retry' })}
        actionsHeader={t('table.actions')}
        actions={(row) => (
          <div className={css({ display: 'flex', gap: '1', justifyContent: 'flex-end' })}>
            {canUpdate ? (
              <Link to={`${paths.edit}/${row.id}`} className={buttonRecipe({ variant: 'ghost', size: 'sm' })}>
                {t('actions.edit')}
              </Link>
            ) : null}
            {canDelete ? (
              <Button
                variant="ghost"
                size="sm"
                className={css({ color: 'danger.fg' })}
                disabled={!ready}
                onClick={() => table.send({ type: 'table.deleteRequested', id: row.id })}
              >
                {t('actions.delete')}
              </Button>
            ) : null}
          </div>
        )}
        pagination={{
          page: pagination.page,
          pagesCount: pagination.pagesCount,
          total: pagination.total,
          pageSize: pagination.pageSize,
          pageSizes: [...PAGE_SIZES],
          onPage: (page) => table.send({ type: 'table.pageChanged', page }),
          onPageSize: (pageSize) => table.send({ type: 'table.pageSizeChanged', pageSize }),
        }}
        labels={labels}
      />
      <ConfirmDialog
        open={candidate !== null || snapshot.matches({ table: 'deleting' })}
        title={t('table.confirmDelete')}
        message={rows.find((r) => r.id === (candidate ?? snapshot.context.targetId))?.title}
        yesLabel={t('actions.yes')}
        noLabel={t('actions.no')}
        busy={snapshot.matches({ table: 'deleting' })}
        busyLabel={t('table.deleting')}
        onYes={() => table.send({ type: 'table.deleteConfirmed' })}
        onNo={() => table.send({ type: 'table.deleteCancelled' })}
      />
      <FailureDialog
        message={snapshot.matches({ table: 'ready' }) && snapshot.context.actionFailure ? snapshot.context.actionFailure.message : null}
        onClose={() => table.send({ type: 'table.dismiss' })}
      />
    </div>
  )
}
