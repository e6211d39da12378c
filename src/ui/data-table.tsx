import { useLocaleContext } from '@ark-ui/react/locale'
import { useId, type ReactNode } from 'react'
import { css, sva } from 'styled-system/css'
import { Button } from './button'
import { AlertIcon, ChevronDownIcon, ChevronEndIcon, ChevronStartIcon, ChevronUpIcon, SortIcon } from './icons'

type SortDirection = 'asc' | 'desc'
export type SortState = { column: string; direction: SortDirection }

export type DataTableColumn<Row> = {
  id: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  sortable?: boolean
  /** A CSS width for the column (e.g. '8rem', '20%'). */
  width?: string
  align?: 'start' | 'center' | 'end'
  /** Keep the cell on one line (codes, dates): a desktop's table scrolls sideways rather than break them (a phone's card wraps). */
  nowrap?: boolean
  /** The cell's label on a phone, where a row is a card (default: the header when it is text). */
  label?: string
}

type DataTablePagination = {
  page: number
  pagesCount: number
  total: number
  pageSize: number
  pageSizes?: number[]
  onPage: (page: number) => void
  onPageSize?: (pageSize: number) => void
}

export type DataTableLabels = {
  /** Name of the pagination landmark. */
  pagination: string
  previous: string
  next: string
  /** Label of the page size choice (e.g. "Rows per page"). */
  pageSize: string
  /** Accessible name of a page button. */
  page: (page: number) => string
  /** The visible range summary, e.g. (1, 15, 120) => "1–15 of 120". */
  range?: (from: number, to: number, total: number) => string
  /** Announced while loading. */
  loading: string
}

export type DataTableProps<Row> = {
  /** The table's name, shown as its caption (visually hidden with `captionHidden`). */
  caption: string
  captionHidden?: boolean
  columns: DataTableColumn<Row>[]
  rows: Row[]
  rowKey: (row: Row) => string | number
  sort?: SortState | null | undefined
  onSort?: (sort: SortState) => void
  /** Row actions (menu, buttons); rendered in a last column headed `actionsHeader`. */
  actions?: (row: Row) => ReactNode
  actionsHeader?: string
  /** Skeleton rows instead of rows (the first load). */
  loading?: boolean
  /** Rows are being (re)loaded or changed: the table says so (`aria-busy`), the rows shown stay. */
  busy?: boolean
  /** Skeleton rows while loading when there is no pagination (default 10). */
  skeletonRows?: number
  emptyMessage: ReactNode
  /** When set, the body shows this message and a retry button instead of rows. */
  error?: ReactNode
  retryLabel?: string
  onRetry?: () => void
  pagination?: DataTablePagination
  labels: DataTableLabels
  /**
   * A last row under the rows (e.g. a report's totals): its title in the first column, then a cell
   * for each column id given (the others left empty); shown with the rows, not in place of them.
   */
  footer?: DataTableFooter
}

export type DataTableFooter = { label: string; cells: Partial<Record<string, ReactNode>>; testId?: string }

const dataTableRecipe = sva({
  slots: ['root', 'scroller', 'table', 'caption', 'th', 'headRow', 'sortButton', 'td', 'row', 'footRow', 'state', 'skeleton', 'footer'],
  base: {
    root: {
      display: 'flex',
      flexDir: 'column',
      gap: '0',
      w: 'full',
      minW: '0',
      bg: 'bg.surface',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderRadius: 'xl',
    },
    scroller: {
      // positioned, so visually hidden text inside (absolute) is clipped here and never widens the page
      position: 'relative',
      w: 'full',
      maxW: 'full',
      overflowX: 'auto',
      overscrollBehaviorX: 'contain',
      borderTopRadius: 'xl',
      _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '-2px' },
    },
    table: {
      w: 'full',
      borderCollapse: 'collapse',
      fontSize: 'sm',
      tableLayout: 'auto',
      // phones: each row is a card (the first column its title, every other cell a label and its
      // value, the actions along its foot) and the header a strip of sort buttons; nothing scrolls
      // sideways. The roles on the elements keep the table's meaning for screen readers.
      smDown: { display: 'block', '& tbody, & thead, & tfoot': { display: 'block' } },
    },
    caption: { textAlign: 'start', captionSide: 'top', px: '4', py: '3', fontWeight: '600', color: 'fg.default' },
    th: {
      h: '11',
      px: '4',
      bg: 'bg.subtle',
      color: 'fg.muted',
      fontSize: 'xs',
      fontWeight: '600',
      textTransform: 'uppercase',
      letterSpacing: '0.02em',
      whiteSpace: 'nowrap',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      textAlign: 'start',
      '&[data-align=center]': { textAlign: 'center' },
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-nowrap]': { whiteSpace: 'nowrap' },
      smDown: { display: 'none', h: 'auto', py: '2', w: 'auto!', '&[data-sortable]': { display: 'inline-block' } },
    },
    headRow: {
      smDown: {
        display: 'flex',
        flexWrap: 'wrap',
        gap: '1',
        px: '2',
        bg: 'bg.subtle',
        borderBottomWidth: '1px',
        borderColor: 'border.default',
        '& th': { borderBottomWidth: '0', px: '2' },
      },
    },
    sortButton: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1',
      font: 'inherit',
      textTransform: 'inherit',
      letterSpacing: 'inherit',
      color: 'inherit',
      cursor: 'pointer',
      borderRadius: 'sm',
      _hover: { color: 'fg.default' },
      '&[data-sorted]': { color: 'accent.default' },
    },
    row: {
      h: '14',
      borderBottomWidth: '1px',
      borderColor: 'border.default',
      _last: { borderBottomWidth: '0' },
      _hover: { bg: 'bg.subtle' },
      smDown: { display: 'flex', flexDir: 'column', h: 'auto', px: '4', py: '3', gap: '1', _hover: { bg: 'transparent' } },
    },
    footRow: {
      h: '12',
      bg: 'bg.subtle',
      borderTopWidth: '2px',
      borderColor: 'border.default',
      fontWeight: '700',
      '& td, & th': { fontWeight: '700', fontVariantNumeric: 'tabular-nums' },
      smDown: {
        display: 'flex',
        flexDir: 'column',
        h: 'auto',
        px: '4',
        py: '3',
        gap: '1',
        // a phone's totals card lists only the figures it has
        '& [data-empty]': { display: 'none' },
      },
    },
    td: {
      px: '4',
      py: '2',
      color: 'fg.default',
      verticalAlign: 'middle',
      textAlign: 'start',
      '&[data-align=center]': { textAlign: 'center' },
      '&[data-align=end]': { textAlign: 'end' },
      '&[data-nowrap]': { whiteSpace: 'nowrap' },
      smDown: {
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3',
        px: '0',
        py: '1',
        textAlign: 'end',
        minW: '0',
        overflowWrap: 'anywhere',
        // a card has the width of the phone: a long value (a store's name) wraps rather than overflow
        '&[data-nowrap]': { whiteSpace: 'normal' },
        '&[data-label]::before': {
          content: 'attr(data-label)',
          color: 'fg.muted',
          fontSize: 'xs',
          fontWeight: '600',
          textAlign: 'start',
          flexShrink: 0,
        },
        '&[data-part=title]': { fontWeight: '600', fontSize: 'md', justifyContent: 'flex-start', textAlign: 'start' },
        '&[data-part=actions]': { justifyContent: 'flex-end', flexWrap: 'wrap', pt: '2' },
      },
    },
    state: { px: '4', py: '10', textAlign: 'center', color: 'fg.muted' },
    skeleton: {
      display: 'block',
      h: '3',
      w: '70%',
      maxW: '12rem',
      borderRadius: 'full',
      bg: 'gray.200',
      animation: 'pulse 1.4s ease-in-out infinite',
    },
    footer: {
      display: 'flex',
      flexWrap: 'wrap',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: '3',
      px: '4',
      py: '3',
      borderTopWidth: '1px',
      borderColor: 'border.default',
      fontSize: 'sm',
      color: 'fg.muted',
    },
  },
})

const pageButton = css({
  minW: '8',
  h: '8',
  px: '2',
  display: 'inline-grid',
  placeItems: 'center',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: '500',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _selected: { bg: 'primary.600', color: 'white', _hover: { bg: 'primary.700' } },
  _disabled: { opacity: 0.4, cursor: 'not-allowed', _hover: { bg: 'transparent' } },
})
const mirrored = css({ _rtl: { transform: 'scaleX(-1)' } })

const labelOf = <Row,>(col: DataTableColumn<Row>) => col.label ?? (typeof col.header === 'string' ? col.header : undefined)

const ariaSort = (sort: SortState | null | undefined, column: string) =>
  sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'

/**
 * A server-driven table: the caller owns sort, page and loading (the dataTable chart), the table
 * only renders them. Wide tables scroll inside their own frame, never the page.
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    caption,
    captionHidden,
    columns,
    rows,
    rowKey,
    sort,
    onSort,
    actions,
    actionsHeader,
    loading,
    error,
    pagination,
    labels,
    footer,
  } = props
  const busy = Boolean(loading || props.busy)
  const s = dataTableRecipe()
  const captionId = useId()
  const colCount = columns.length + (actions ? 1 : 0)
  const skeletonCount = pagination?.pageSize ?? props.skeletonRows ?? 10

  let body: ReactNode
  if (loading) {
    body = Array.from({ length: skeletonCount }, (_, i) => (
      <tr key={`skeleton-${i}`} className={s.row} data-skeleton="">
        {Array.from({ length: colCount }, (_, j) => (
          <td key={j} className={s.td}>
            <span className={s.skeleton} />
          </td>
        ))}
      </tr>
    ))
  } else if (error) {
    body = (
      <tr>
        <td colSpan={colCount} className={s.state}>
          <div role="alert" className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
            <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2', color: 'danger.fg' })}>
              <AlertIcon />
              {error}
            </span>
            {props.onRetry && props.retryLabel ? (
              <Button variant="outline" size="sm" onClick={props.onRetry}>
                {props.retryLabel}
              </Button>
            ) : null}
          </div>
        </td>
      </tr>
    )
  } else if (rows.length === 0) {
    body = (
      <tr>
        <td colSpan={colCount} className={s.state} role="status">
          {props.emptyMessage}
        </td>
      </tr>
    )
  } else {
    body = rows.map((row) => (
      <tr key={rowKey(row)} className={s.row} role="row">
        {columns.map((col, index) => (
          <td
            key={col.id}
            role="cell"
            className={s.td}
            data-align={col.align ?? 'start'}
            data-nowrap={col.nowrap || undefined}
            data-part={index === 0 ? 'title' : undefined}
            data-label={index === 0 ? undefined : labelOf(col)}
          >
            {col.cell(row)}
          </td>
        ))}
        {actions ? (
          <td className={s.td} data-align="end" data-part="actions" role="cell">
            {actions(row)}
          </td>
        ) : null}
      </tr>
    ))
  }

  return (
    <div className={s.root}>
      {/* outside the table: a table may own only rows and row groups, so a live region inside it is a fault */}
      <span className={css({ srOnly: true })} role="status">
        {busy ? labels.loading : ''}
      </span>
      <div className={s.scroller} role="region" aria-labelledby={captionId} tabIndex={0}>
        <table className={s.table} aria-busy={busy || undefined} role="table">
          <caption id={captionId} className={captionHidden ? css({ srOnly: true }) : s.caption}>
            {caption}
          </caption>
          {/* on a phone a header shows only to sort by it: a table without sortable columns shows none */}
          <thead role="rowgroup" className={columns.some((col) => col.sortable) ? undefined : css({ smDown: { display: 'none!' } })}>
            <tr className={s.headRow} role="row">
              {columns.map((col) => {
                const sorted = sort?.column === col.id ? sort.direction : undefined
                return (
                  <th
                    key={col.id}
                    scope="col"
                    role="columnheader"
                    className={s.th}
                    data-align={col.align ?? 'start'}
                    data-sortable={col.sortable && onSort ? '' : undefined}
                    style={col.width ? { width: col.width } : undefined}
                    aria-sort={col.sortable ? ariaSort(sort, col.id) : undefined}
                  >
                    {col.sortable && onSort ? (
                      <button
                        type="button"
                        className={s.sortButton}
                        data-sorted={sorted ? '' : undefined}
                        onClick={() => onSort({ column: col.id, direction: sorted === 'asc' ? 'desc' : 'asc' })}
                      >
                        {col.header}
                        {sorted === 'asc' ? (
                          <ChevronUpIcon width={14} height={14} />
                        ) : sorted === 'desc' ? (
                          <ChevronDownIcon width={14} height={14} />
                        ) : (
                          <SortIcon width={14} height={14} />
                        )}
                      </button>
                    ) : (
                      col.header
                    )}
                  </th>
                )
              })}
              {actions ? (
                <th scope="col" role="columnheader" className={s.th} data-align="end">
                  {actionsHeader ? actionsHeader : null}
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody role="rowgroup">{body}</tbody>
          {footer && !loading && !error && rows.length > 0 ? (
            <tfoot role="rowgroup">
              <tr className={s.footRow} role="row" data-testid={footer.testId}>
                {columns.map((col, index) => {
                  if (index === 0)
                    return (
                      <th key={col.id} scope="row" role="rowheader" className={s.td} data-part="title">
                        {footer.label}
                      </th>
                    )
                  const value = footer.cells[col.id]
                  return (
                    <td
                      key={col.id}
                      role="cell"
                      className={s.td}
                      data-align={col.align ?? 'start'}
                      data-label={labelOf(col)}
                      data-empty={value === undefined || value === null ? '' : undefined}
                    >
                      {value}
                    </td>
                  )
                })}
                {actions ? <td className={s.td} role="cell" data-empty="" /> : null}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {pagination ? <TablePagination pagination={pagination} labels={labels} className={s.footer} /> : null}
    </div>
  )
}

/**
 * The page buttons to show: the first and the last, the current one with one on each side, and null
 * for a gap (an ellipsis) where pages are left out; every page when there are few.
 */
export function pageItems(page: number, pagesCount: number): (number | null)[] {
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)
  if (pagesCount <= 7) return range(1, pagesCount)
  // a gap stands for two pages or more: near an end, five pages stand together there
  if (page <= 4) return [...range(1, 5), null, pagesCount]
  if (page >= pagesCount - 3) return [1, null, ...range(pagesCount - 4, pagesCount)]
  return [1, null, page - 1, page, page + 1, null, pagesCount]
}

function TablePagination({
  pagination,
  labels,
  className,
}: {
  pagination: DataTablePagination
  labels: DataTableLabels
  className?: string | undefined
}) {
  const { page, pagesCount, total, pageSize, pageSizes, onPage, onPageSize } = pagination
  const selectId = useId()
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1
  const to = Math.min(total, page * pageSize)
  const { dir } = useLocaleContext()
  return (
    <div className={className}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
        {pageSizes && onPageSize ? (
          <span className={css({ display: 'inline-flex', alignItems: 'center', gap: '2' })}>
            <label htmlFor={selectId}>{labels.pageSize}</label>
            <select
              id={selectId}
              value={pageSize}
              onChange={(e) => onPageSize(Number(e.currentTarget.value))}
              className={css({
                h: '8',
                ps: '2',
                pe: '2',
                borderRadius: 'md',
                borderWidth: '1px',
                borderColor: 'border.strong',
                bg: 'bg.surface',
                color: 'fg.default',
              })}
            >
              {pageSizes.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </select>
          </span>
        ) : null}
        {/* an empty page says so in the table itself, not as "0–0 of 0" */}
        {labels.range && total > 0 ? <span aria-live="polite">{labels.range(from, to, total)}</span> : null}
      </div>
      {pagesCount > 1 ? (
        <nav
          aria-label={labels.pagination}
          dir={dir}
          className={css({ display: 'flex', alignItems: 'center', gap: '1', flexWrap: 'wrap' })}
        >
          <button type="button" className={pageButton} aria-label={labels.previous} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            <ChevronStartIcon width={16} height={16} className={mirrored} />
          </button>
          {pageItems(page, pagesCount).map((item, index) =>
            item === null ? (
              <span key={`gap-${index}`} className={css({ px: '1' })} aria-hidden>
                &#8230;
              </span>
            ) : (
              <button
                key={item}
                type="button"
                className={pageButton}
                aria-label={labels.page(item)}
                aria-current={item === page ? 'page' : undefined}
                data-selected={item === page ? '' : undefined}
                onClick={() => (item === page ? undefined : onPage(item))}
              >
                {item}
              </button>
            ),
          )}
          <button
            type="button"
            className={pageButton}
            aria-label={labels.next}
            disabled={page >= pagesCount}
            onClick={() => onPage(page + 1)}
          >
            <ChevronEndIcon width={16} height={16} className={mirrored} />
          </button>
        </nav>
      ) : null}
    </div>
  )
}
