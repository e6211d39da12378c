import { useSelector } from '@xstate/react'
import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import type { MappingCount } from '../../contract/mapping'
import { mappingScreens } from '../../contract/mapping.routes'
import { marketplacesScreens } from '../../contract/marketplaces.routes'
import { mappingMachine } from '../../machines/mapping'
import { mappingTreeMachine, pathOf } from '../../machines/mapping-tree'
import { ChevronStartIcon } from '../../ui/icons'
import { ProgressBar } from '../../ui/progress-bar'
import { cardStyle } from '../shared/card'
import { useCount } from '../shared/numbers'
import { useChart, useToaster } from '../shared/runtime'
import { CategoryPanel, NextButton } from './category-panel'
import type { MappingActor } from './actors'
import { CategoryTree } from './category-tree'

const idOf = (value: string | undefined) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : null
}

/** `mapping-categories/{marketPlaceId}/{marketPlaceCategoryId}` (a `0` category: none chosen yet). */
export function CategoryMappingScreen() {
  const params = useParams()
  const marketplaceId = idOf(params.marketPlaceId) ?? 0
  return <CategoryMapping key={marketplaceId} marketplaceId={marketplaceId} categoryId={idOf(params.marketPlaceCategoryId)} />
}

function Progress({ label, count }: { label: string; count: MappingCount | null }) {
  const { t } = useTranslation()
  const mapped = count?.mapped ?? 0
  const total = count?.total ?? 0
  const n = useCount()
  return (
    <ProgressBar
      label={label}
      value={mapped}
      max={total}
      valueText={count ? t('mapping.categories.progressValue', { mapped: n(mapped), total: n(total) }) : undefined}
    />
  )
}

/** Keys that act from anywhere on the screen but a text field: N goes to the next unmapped, A accepts the best suggestion. */
function useShortcuts(mapping: MappingActor) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return
      const target = e.target as HTMLElement | null
      if (target?.closest('input, textarea, select, [contenteditable=true], [role=dialog], [role=alertdialog]')) return
      const key = e.key.toLowerCase()
      const event = key === 'n' ? ({ type: 'mapping.next' } as const) : key === 'a' ? ({ type: 'mapping.accept' } as const) : null
      if (!event || !mapping.getSnapshot().can(event)) return
      e.preventDefault()
      mapping.send(event)
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [mapping])
}

function CategoryMapping({ marketplaceId, categoryId }: { marketplaceId: number; categoryId: number | null }) {
  const { t } = useTranslation()
  const toaster = useToaster()
  const tr = useRef(t)
  tr.current = t
  const tree = useChart(mappingTreeMachine, { marketplaceId })
  const mapping = useChart(
    mappingMachine.provide({
      actions: {
        // choosing a category is not a navigation (no session check, no scroll to the top): the address is replaced in place
        onSelected: (_, { id }) => window.history.replaceState(window.history.state, '', mappingScreens.categories(marketplaceId, id)),
        onReveal: (_, { nodes }) => tree.send({ type: 'tree.reveal', nodes }),
        onChanged: (_, { category, progress }) => tree.send({ type: 'tree.patch', category, progress }),
        onSaved: (_, saved) =>
          toaster.success({
            title:
              saved.target === null || !saved.category.mapped_to
                ? tr.current('mapping.categories.unmappedToast', { name: saved.category.name })
                : tr.current('mapping.categories.savedToast', { name: saved.category.name, target: saved.category.mapped_to.name }),
          }),
        onAllMapped: () => toaster.info({ title: tr.current('mapping.categories.allMapped') }),
      },
    }),
    { marketplaceId, categoryId },
  )
  useShortcuts(mapping)
  const marketplace = useSelector(tree, (s) => s.context.marketplace)
  const progress = useSelector(tree, (s) => s.context.progress)
  const selectedId = useSelector(mapping, (s) => s.context.selectedId)
  const revealId = useSelector(mapping, (s) => (s.context.category?.id === s.context.selectedId ? s.context.selectedId : null))
  const path = useSelector(
    tree,
    (s) => pathOf(s.context, selectedId),
    (a, b) => a.join('\u0000') === b.join('\u0000'),
  )
  const name = marketplace?.name ?? ''

  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '5' })}>
      <section className={cardStyle} aria-labelledby="mapping-marketplace">
        <div
          className={css({
            display: 'grid',
            gap: '5',
            gridTemplateColumns: { base: '1fr', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' },
            alignItems: 'center',
          })}
        >
          <div className={css({ display: 'flex', flexDir: 'column', gap: '1', minW: '0' })}>
            <Link
              to={marketplacesScreens.list}
              className={css({
                display: 'inline-flex',
                alignItems: 'center',
                gap: '1',
                fontSize: 'sm',
                color: 'accent.default',
                fontWeight: '600',
                w: 'fit-content',
              })}
            >
              <ChevronStartIcon width={16} height={16} className={css({ _rtl: { transform: 'scaleX(-1)' } })} />
              {t('mapping.categories.backToList')}
            </Link>
            <h2 id="mapping-marketplace" className={css({ fontSize: '2xl', fontWeight: '700', truncate: true })}>
              {name || '\u00a0'}
            </h2>
            <p className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('mapping.categories.title')}</p>
          </div>
          <div
            className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' } })}
            aria-label={t('mapping.categories.progress')}
            role="group"
          >
            <Progress label={t('mapping.categories.progressCategories')} count={progress?.categories ?? null} />
            <Progress label={t('mapping.categories.progressProperties')} count={progress?.required_properties ?? null} />
          </div>
        </div>
      </section>
      <div
        className={css({
          display: 'grid',
          gap: '5',
          gridTemplateColumns: { base: '1fr', lg: 'minmax(0, 1.15fr) minmax(0, 1fr)' },
          alignItems: 'start',
        })}
      >
        <section className={cardStyle} aria-label={t('mapping.categories.marketplaceTree')}>
          <CategoryTree
            tree={tree}
            selectedId={selectedId}
            revealId={revealId}
            name={name}
            onSelect={(id) => mapping.send({ type: 'mapping.select', id })}
          />
        </section>
        <section
          className={css(
            { position: { lg: 'sticky' }, top: { lg: '4' } },
            { bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '6' } },
          )}
          aria-label={t('mapping.categories.detail')}
        >
          <CategoryPanel mapping={mapping} path={path} nextButton={<NextButton mapping={mapping} />} />
        </section>
      </div>
    </div>
  )
}
