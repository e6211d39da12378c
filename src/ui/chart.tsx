import { lazy, Suspense, useId, useMemo, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { toneOf, type ChartProps, type ChartTone } from './chart-series'

export type { ChartProps } from './chart-series'

const Plot = lazy(() => import('./chart-plot'))

let drawing: boolean | undefined
/** Whether this browser draws on a canvas (a test's DOM does not: the table stands alone there); asked once. */
const canDraw = () => (drawing ??= typeof document !== 'undefined' && Boolean(document.createElement('canvas').getContext?.('2d')))

const styles = {
  figure: css({ display: 'flex', flexDir: 'column', gap: '3', m: '0', minW: '0' }),
  head: css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' }),
  caption: css({ fontWeight: '600', fontSize: 'md' }),
  legend: css({ display: 'flex', flexWrap: 'wrap', gap: '3', listStyle: 'none', p: '0', m: '0', fontSize: 'sm', color: 'fg.muted' }),
  swatch: css({ display: 'inline-block', w: '3', h: '3', borderRadius: 'sm', me: '1.5', verticalAlign: 'middle' }),
  toggle: css({
    fontSize: 'sm',
    color: 'accent.default',
    cursor: 'pointer',
    bg: 'transparent',
    border: 'none',
    p: '1',
    borderRadius: 'md',
    _hover: { textDecoration: 'underline' },
  }),
  table: css({
    w: 'full',
    borderCollapse: 'collapse',
    fontSize: 'sm',
    '& th, & td': { py: '1.5', px: '2', borderBottomWidth: '1px', borderColor: 'border.default', textAlign: 'start' },
    '& td:not(:first-child), & th:not(:first-child)': { textAlign: 'end', fontVariantNumeric: 'tabular-nums' },
  }),
  tableBox: css({ maxH: '72', overflow: 'auto' }),
  empty: css({ display: 'grid', placeItems: 'center', color: 'fg.muted', fontSize: 'sm', borderRadius: 'lg', bg: 'bg.subtle' }),
  skeleton: css({ borderRadius: 'lg', bg: 'bg.muted', animation: 'pulse 1.5s ease-in-out infinite' }),
}

const swatchTone: Record<ChartTone, string> = {
  primary: css({ bg: 'primary.600' }),
  green: css({ bg: 'green.600' }),
  amber: css({ bg: 'amber.500' }),
  violet: css({ bg: 'violet.600' }),
  red: css({ bg: 'red.600' }),
  gray: css({ bg: 'gray.500' }),
}

/**
 * A chart of a few series over categories, drawn with uPlot (loaded only when a chart is shown) on a
 * canvas, with its legend, and the same figures as a table (always there for screen readers, shown on
 * demand, with the categories' links). Right to left, the first category stands at the right.
 */
export function Chart(props: ChartProps) {
  const { title, labels, series, format, height = 240 } = props
  const [tableShown, setTableShown] = useState(false)
  const drawable = useMemo(canDraw, [])
  const tableId = useId()
  const empty = series.every((s) => s.values.every((v) => v === null || v === 0))
  return (
    <figure className={styles.figure} aria-label={title}>
      <div className={styles.head}>
        <figcaption className={styles.caption}>{title}</figcaption>
        {drawable && !empty ? (
          <button
            type="button"
            className={styles.toggle}
            aria-expanded={tableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((x) => !x)}
          >
            {tableShown ? props.hideTable : props.showTable}
          </button>
        ) : null}
      </div>
      {series.length > 1 ? (
        <ul className={styles.legend} aria-hidden>
          {series.map((s, i) => (
            <li key={s.label}>
              <span className={cx(styles.swatch, swatchTone[toneOf(s, i)])} />
              {s.label}
            </li>
          ))}
        </ul>
      ) : null}
      {empty ? (
        <div className={styles.empty} style={{ height: `${height}px` }}>
          {props.emptyText}
        </div>
      ) : drawable ? (
        <Suspense fallback={<div className={styles.skeleton} style={{ height: `${height}px` }} />}>
          <div aria-hidden>
            <Plot {...props} height={height} />
          </div>
        </Suspense>
      ) : null}
      <div id={tableId} className={drawable && !tableShown ? css({ srOnly: true }) : styles.tableBox}>
        {/* hidden, the table keeps its own width inside the clipped box: it is out of sight, not a frame that scrolls */}
        <div className={drawable && !tableShown ? css({ w: 'max-content' }) : undefined}>
          <table className={styles.table}>
            <caption className={css({ srOnly: true })}>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{props.categoryHeader}</th>
                {series.map((s) => (
                  <th key={s.label} scope="col">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {labels.map((label, i) => (
                <tr key={`${label}-${i}`}>
                  <th scope="row">{props.labelCell ? props.labelCell(i) : label}</th>
                  {series.map((s) => (
                    <td key={s.label}>{s.values[i] === null || s.values[i] === undefined ? '—' : format(s.values[i])}</td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </figure>
  )
}
