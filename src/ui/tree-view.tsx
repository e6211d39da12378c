import { useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { ChevronDownIcon } from './icons'
import { Spinner } from './spinner'

/** One visible row of a tree (the caller flattens its open branches into rows, in order). */
export type TreeViewRow = {
  id: number
  /** 1 for the top level. */
  level: number
  parentId: number | null
  setSize: number
  posInSet: number
  expandable: boolean
  expanded: boolean
  /** Its children are being read. */
  loading?: boolean
  /** Its accessible name (the row's text). */
  label: string
  content: ReactNode
}

export type TreeViewProps = {
  rows: readonly TreeViewRow[]
  /** The tree's accessible name. */
  label: string
  selectedId: number | null
  /** Brought into view (and made the focusable row) when it changes: a row chosen from outside the tree. */
  revealId?: number | null
  onToggle: (id: number, expand: boolean) => void
  onSelect: (id: number) => void
  /** Height of the scrolling area in pixels. */
  height?: number
  rowHeight?: number
}

const OVERSCAN = 8

const rowStyle = css({
  position: 'absolute',
  insetInlineStart: '0',
  insetInlineEnd: '0',
  display: 'flex',
  alignItems: 'center',
  gap: '1.5',
  pe: '3',
  cursor: 'pointer',
  borderRadius: 'md',
  fontSize: 'sm',
  outline: 'none',
  userSelect: 'none',
  _hover: { bg: 'bg.subtle' },
  _focusVisible: { boxShadow: 'inset 0 0 0 2px token(colors.primary.500)' },
  '&[aria-selected=true]': { bg: 'primary.50', color: 'primary.900', fontWeight: '600' },
})
const toggleStyle = css({
  w: '6',
  h: '6',
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  borderRadius: 'sm',
  color: 'fg.muted',
  // a closed branch's chevron points to the inline end (mirrored in RTL), an open one down
  '& svg': { transition: 'transform 120ms', transform: 'rotate(-90deg)', _rtl: { transform: 'rotate(90deg)' } },
  '&[data-expanded] svg': { transform: 'none', _rtl: { transform: 'none' } },
})

/**
 * A tree (WAI-ARIA tree pattern) that keeps only the rows in view in the DOM, so thousands of
 * rows stay smooth: fixed row height, flat `treeitem`s with `aria-level`/`aria-setsize`/
 * `aria-posinset`, one focusable row (roving tabindex). Up/Down move, Right opens or goes to the
 * first child, Left closes or goes to the parent, Home/End, Enter or Space chooses.
 */
export function TreeView({ rows, label, selectedId, revealId, onToggle, onSelect, height = 560, rowHeight = 36 }: TreeViewProps) {
  const scroller = useRef<HTMLDivElement>(null)
  const [scrollTop, setScrollTop] = useState(0)
  const [viewport, setViewport] = useState(height)
  const [activeId, setActiveId] = useState<number | null>(selectedId)
  const focusPending = useRef(false)

  const index = new Map(rows.map((r, i) => [r.id, i]))
  const active = activeId !== null && index.has(activeId) ? activeId : (rows[0]?.id ?? null)

  useLayoutEffect(() => {
    const el = scroller.current
    if (!el || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => setViewport(el.clientHeight || height))
    observer.observe(el)
    return () => observer.disconnect()
  }, [height])

  const bringIntoView = (i: number) => {
    const el = scroller.current
    if (!el) return
    const top = i * rowHeight
    const view = el.clientHeight || viewport
    if (top < el.scrollTop) el.scrollTop = top
    else if (top + rowHeight > el.scrollTop + view) el.scrollTop = top + rowHeight - view
    setScrollTop(el.scrollTop)
  }

  // a row chosen outside the tree ("next unmapped") comes into view, a third from the top
  const revealIndex = revealId == null ? -1 : (index.get(revealId) ?? -1)
  useEffect(() => {
    if (revealId == null || revealIndex < 0) return
    setActiveId(revealId)
    const el = scroller.current
    if (!el) return
    const view = el.clientHeight || viewport
    const top = revealIndex * rowHeight
    if (top < el.scrollTop || top + rowHeight > el.scrollTop + view) el.scrollTop = Math.max(0, top - Math.floor(view / 3))
    setScrollTop(el.scrollTop)
    // rows come and go while the branches load: only the reveal's own change moves the view
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [revealId, revealIndex >= 0])

  // focus follows the active row once it is rendered
  useEffect(() => {
    if (!focusPending.current || active === null) return
    const el = scroller.current?.querySelector<HTMLElement>(`[data-id="${active}"]`)
    if (el) {
      focusPending.current = false
      el.focus({ preventScroll: true })
    }
  })

  const moveTo = (i: number) => {
    const row = rows[Math.max(0, Math.min(rows.length - 1, i))]
    if (!row) return
    focusPending.current = true
    setActiveId(row.id)
    bringIntoView(index.get(row.id) ?? 0)
  }

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // the row that has focus (it may have just received it), else the focusable one
    const focused = Number((e.target as HTMLElement).closest('[data-id]')?.getAttribute('data-id'))
    const current = index.has(focused) ? focused : active
    if (current === null) return
    const i = index.get(current) ?? 0
    const row = rows[i]
    if (!row) return
    const rtl = getComputedStyle(e.currentTarget).direction === 'rtl'
    const key = rtl && e.key === 'ArrowLeft' ? 'ArrowRight' : rtl && e.key === 'ArrowRight' ? 'ArrowLeft' : e.key
    switch (key) {
      case 'ArrowDown':
        moveTo(i + 1)
        break
      case 'ArrowUp':
        moveTo(i - 1)
        break
      case 'Home':
        moveTo(0)
        break
      case 'End':
        moveTo(rows.length - 1)
        break
      case 'ArrowRight':
        if (row.expandable && !row.expanded) onToggle(row.id, true)
        else if (row.expanded && rows[i + 1]?.level === row.level + 1) moveTo(i + 1)
        break
      case 'ArrowLeft':
        if (row.expandable && row.expanded) onToggle(row.id, false)
        else if (row.parentId !== null && index.has(row.parentId)) moveTo(index.get(row.parentId) ?? 0)
        break
      case 'Enter':
      case ' ':
        onSelect(row.id)
        break
      default:
        return
    }
    e.preventDefault()
  }

  const first = Math.max(0, Math.floor(scrollTop / rowHeight) - OVERSCAN)
  const last = Math.min(rows.length, Math.ceil((scrollTop + viewport) / rowHeight) + OVERSCAN)
  const shown = rows.slice(first, last)

  return (
    <div
      ref={scroller}
      role="tree"
      aria-label={label}
      onKeyDown={onKeyDown}
      onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
      className={css({ position: 'relative', overflowY: 'auto', overscrollBehavior: 'contain' })}
      style={{ height }}
    >
      <div style={{ height: rows.length * rowHeight, position: 'relative' }}>
        {shown.map((row, k) => {
          const i = first + k
          return (
            <div
              key={row.id}
              data-id={row.id}
              role="treeitem"
              aria-level={row.level}
              aria-setsize={row.setSize}
              aria-posinset={row.posInSet}
              aria-expanded={row.expandable ? row.expanded : undefined}
              aria-selected={row.id === selectedId}
              aria-busy={row.loading || undefined}
              aria-label={row.label}
              tabIndex={row.id === active ? 0 : -1}
              className={rowStyle}
              style={{ top: i * rowHeight, height: rowHeight, paddingInlineStart: `${(row.level - 1) * 20 + 4}px` }}
              onFocus={() => setActiveId(row.id)}
              onClick={() => {
                setActiveId(row.id)
                onSelect(row.id)
              }}
            >
              <span
                className={cx(toggleStyle, row.expandable && css({ _hover: { bg: 'bg.muted' } }))}
                data-expanded={row.expanded || undefined}
                aria-hidden
                onClick={(e) => {
                  if (!row.expandable) return
                  e.stopPropagation()
                  setActiveId(row.id)
                  onToggle(row.id, !row.expanded)
                }}
              >
                {row.loading ? <Spinner size="sm" /> : row.expandable ? <ChevronDownIcon width={14} height={14} /> : null}
              </span>
              {row.content}
            </div>
          )
        })}
      </div>
    </div>
  )
}
