import { useSelector } from '@xstate/react'
import { useId, useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import type { MappingCategory } from '../../contract/mapping'
import {
  branchFailure,
  isFindingTree,
  isLoadingMore,
  isTreeLoading,
  treeFailure,
  visibleRows,
  type MappingTreeSnapshot,
  type TreeStatus,
} from '../../machines/mapping-tree'
import { Alert } from '../../ui/alert'
import { Button, iconButtonRecipe } from '../../ui/button'
import { fieldStyles } from '../../ui/field'
import { CheckIcon, CloseIcon } from '../../ui/icons'
import { Spinner } from '../../ui/spinner'
import { Switch } from '../../ui/switch'
import { TreeView, type TreeViewRow } from '../../ui/tree-view'
import { useCount } from '../shared/numbers'
import type { TreeActor } from './actors'

const statuses: { value: TreeStatus; label: 'filterAll' | 'filterMapped' | 'filterUnmapped' }[] = [
  { value: 'all', label: 'filterAll' },
  { value: 'mapped', label: 'filterMapped' },
  { value: 'unmapped', label: 'filterUnmapped' },
]

const segment = css({
  h: '9',
  px: '3',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.muted',
  cursor: 'pointer',
  borderRadius: 'md',
  _hover: { color: 'fg.default' },
  '&[aria-pressed=true]': { bg: 'bg.surface', color: 'fg.default', fontWeight: '600', boxShadow: 'sm' },
})
const mark = css({ bg: 'amber.100', color: 'inherit', borderRadius: 'sm', px: '0.5' })
const stateBox = css({ display: 'grid', placeItems: 'center', gap: '3', minH: '48', p: '6', textAlign: 'center', color: 'fg.muted' })

/** `text` with every occurrence of `term` (either case) marked. */
function highlighted(text: string, term: string): ReactNode {
  if (!term) return text
  const lower = text.toLocaleLowerCase()
  const needle = term.toLocaleLowerCase()
  const parts: ReactNode[] = []
  let from = 0
  for (let at = lower.indexOf(needle); at >= 0 && needle; at = lower.indexOf(needle, from)) {
    if (at > from) parts.push(text.slice(from, at))
    parts.push(
      <mark key={at} className={mark}>
        {text.slice(at, at + needle.length)}
      </mark>,
    )
    from = at + needle.length
  }
  parts.push(text.slice(from))
  return parts
}

function RowContent({ node, term }: { node: MappingCategory; term: string }) {
  const { t } = useTranslation()
  return (
    <>
      <span className={cx(css({ flex: '1', minW: '0', truncate: true }), !node.match && css({ color: 'fg.muted' }))}>
        {node.match ? highlighted(node.name, term) : node.name}
      </span>
      {node.mapped_to ? (
        <span
          className={css({ display: 'inline-flex', alignItems: 'center', gap: '1', maxW: '45%', color: 'green.700', fontSize: 'xs' })}
          data-mapped=""
        >
          <CheckIcon width={14} height={14} className={css({ flexShrink: 0 })} />
          <span className={css({ truncate: true })}>{node.mapped_to.name}</span>
        </span>
      ) : (
        <span className={css({ color: 'amber.700', fontSize: 'xs', whiteSpace: 'nowrap' })} data-unmapped="">
          {t('mapping.categories.notMapped')}
        </span>
      )}
    </>
  )
}

const rowsOf = (s: MappingTreeSnapshot) => s.context

/** The start side: search, filters and the marketplace's tree. */
export function CategoryTree({
  tree,
  selectedId,
  revealId,
  onSelect,
  name,
}: {
  tree: TreeActor
  selectedId: number | null
  revealId: number | null
  onSelect: (id: number) => void
  name: string
}) {
  const { t } = useTranslation()
  const context = useSelector(tree, rowsOf)
  const loading = useSelector(tree, isTreeLoading)
  const loadingMore = useSelector(tree, isLoadingMore)
  const n = useCount()
  const failed = useSelector(tree, treeFailure)
  const branchFailed = useSelector(tree, branchFailure)
  const finding = useSelector(tree, isFindingTree)
  const searchId = useId()
  const rows = useMemo(() => visibleRows(context), [context])
  const term = context.search
  const viewRows: TreeViewRow[] = useMemo(
    () =>
      rows.map((r) => ({
        id: r.node.id,
        level: r.level,
        parentId: r.parentId,
        setSize: r.setSize,
        posInSet: r.posInSet,
        expandable: r.expandable,
        expanded: r.expanded,
        loading: r.loading,
        label: `${r.node.name}: ${r.node.mapped_to ? `${t('mapping.categories.mapped')}, ${r.node.mapped_to.name}` : t('mapping.categories.notMapped')}`,
        content: <RowContent node={r.node} term={term} />,
      })),
    [rows, term, t],
  )

  let body: ReactNode
  // the first read shows only its progress; a later one (a find typed on) keeps the rows in view, and the keyboard in them
  if (loading && rows.length === 0)
    body = (
      <div className={stateBox}>
        <Spinner />
        <span role="status">{t('mapping.categories.loadingTree')}</span>
      </div>
    )
  else if (failed)
    body = (
      <div className={css({ display: 'flex', flexDir: 'column', gap: '3', p: '2' })}>
        <Alert tone="error">{failed.message || t('mapping.categories.treeFailed')}</Alert>
        <div>
          <Button onClick={() => tree.send({ type: 'tree.retry' })}>{t('actions.tryAgain')}</Button>
        </div>
      </div>
    )
  else if (rows.length === 0)
    body = <p className={stateBox}>{finding ? t('mapping.categories.noMatches') : t('mapping.categories.emptyTree')}</p>
  else
    body = (
      <>
        {loading ? (
          <p className={css({ display: 'flex', alignItems: 'center', gap: '2', px: '2', py: '1', fontSize: 'sm', color: 'fg.muted' })}>
            <Spinner size="sm" />
            <span role="status">{t('mapping.categories.loadingTree')}</span>
          </p>
        ) : null}
        <TreeView
          rows={viewRows}
          label={t('mapping.categories.treeLabel', { name })}
          selectedId={selectedId}
          revealId={revealId}
          onSelect={onSelect}
          onToggle={(id, expand) => {
            // a find shows its matches' branches open: nothing to open or close there
            if (!finding) tree.send(expand ? { type: 'tree.expand', id } : { type: 'tree.collapse', id })
          }}
          height={520}
        />
      </>
    )

  const shownMatches = finding ? rows.filter((r) => r.node.match).length : 0
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '3', minW: '0' })}>
      <div className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'flex-end' })}>
        <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', flex: '1 1 18rem', minW: '48' })}>
          <label htmlFor={searchId} className={fieldStyles.label}>
            {t('mapping.categories.search')}
          </label>
          <span className={css({ position: 'relative', display: 'block' })}>
            <input
              id={searchId}
              type="search"
              className={cx(
                fieldStyles.input,
                css({ pe: '10', '&::-webkit-search-cancel-button': { appearance: 'none', display: 'none' } }),
              )}
              value={context.searchText}
              placeholder={t('mapping.categories.searchPlaceholder')}
              onChange={(e) => tree.send({ type: 'tree.search', text: e.target.value })}
              onKeyDown={(e) => {
                if (e.key === 'Escape' && context.searchText !== '') {
                  e.preventDefault()
                  tree.send({ type: 'tree.search', text: '' })
                }
              }}
            />
            {context.searchText ? (
              <button
                type="button"
                className={cx(
                  iconButtonRecipe({ size: 'sm' }),
                  css({ position: 'absolute', insetEnd: '1.5', top: '50%', transform: 'translateY(-50%)' }),
                )}
                aria-label={t('actions.clearSearch')}
                onClick={() => tree.send({ type: 'tree.search', text: '' })}
              >
                <CloseIcon width={14} height={14} />
              </button>
            ) : null}
          </span>
        </div>
        <div
          role="group"
          aria-label={t('mapping.categories.filter')}
          className={css({ display: 'inline-flex', gap: '1', p: '1', bg: 'bg.muted', borderRadius: 'lg' })}
        >
          {statuses.map((s) => (
            <button
              key={s.value}
              type="button"
              className={segment}
              aria-pressed={context.status === s.value}
              onClick={() => context.status !== s.value && tree.send({ type: 'tree.status', status: s.value })}
            >
              {t(`mapping.categories.${s.label}`)}
            </button>
          ))}
        </div>
        <div className={css({ h: '10', display: 'flex', alignItems: 'center' })}>
          <Switch
            label={t('mapping.categories.leavesOnly')}
            checked={context.leaves}
            onCheckedChange={(leaves) => tree.send({ type: 'tree.leaves', leaves })}
          />
        </div>
      </div>
      {branchFailed ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'flex-start' })}>
          <div className={css({ flex: '1' })}>
            <Alert tone="error">{branchFailed.message || t('errors.generic')}</Alert>
          </div>
          <button
            type="button"
            className={iconButtonRecipe({ size: 'md' })}
            aria-label={t('mapping.categories.close')}
            onClick={() => tree.send({ type: 'tree.dismiss' })}
          >
            <CloseIcon width={16} height={16} />
          </button>
        </div>
      ) : null}
      <div
        className={css({ borderWidth: '1px', borderColor: 'border.default', borderRadius: 'xl', p: '1', bg: 'bg.surface' })}
        aria-busy={loading || undefined}
      >
        {body}
      </div>
      {finding && !loading && context.total > shownMatches ? (
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            {t('mapping.categories.matchesShown', { shown: n(shownMatches), total: n(context.total) })}
          </p>
          {context.next !== null ? (
            <Button
              variant="outline"
              size="sm"
              loading={loadingMore}
              loadingText={t('mapping.categories.loadingMore')}
              onClick={() => tree.send({ type: 'tree.more' })}
            >
              {t('mapping.categories.showMore')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  )
}
