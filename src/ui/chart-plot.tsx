import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { token } from 'styled-system/tokens'
import uPlot from 'uplot'
import 'uplot/dist/uPlot.min.css'
import { toneOf, type ChartProps, type ChartTone } from './chart-series'

const strokes: Record<ChartTone, string> = {
  primary: token('colors.primary.600'),
  green: token('colors.green.600'),
  amber: token('colors.amber.500'),
  violet: token('colors.violet.600'),
  red: token('colors.red.600'),
  gray: token('colors.gray.500'),
}
const grid = token('colors.gray.200')
const ink = token('colors.gray.600')

const tip = css({
  position: 'absolute',
  top: '1',
  zIndex: 1,
  pointerEvents: 'none',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  boxShadow: 'md',
  px: '2.5',
  py: '1.5',
  fontSize: 'xs',
  whiteSpace: 'nowrap',
  minW: '40',
  '& dt': { fontWeight: '600', mb: '0.5' },
  '& dd': { m: '0', display: 'flex', gap: '2', justifyContent: 'space-between', fontVariantNumeric: 'tabular-nums' },
})

/** Cumulative sums, series by series: a stacked bar's top edges. */
function stacked(series: ChartProps['series']): (number | null)[][] {
  const sums: number[] = []
  return series.map((s) => s.values.map((v, i) => (sums[i] = (sums[i] ?? 0) + (v ?? 0))))
}

let ruler: CanvasRenderingContext2D | null | undefined
/** The width a text takes in a font on the canvas. */
function textWidth(text: string, font: string): number {
  ruler ??= document.createElement('canvas').getContext('2d')
  if (!ruler) return text.length * 7
  ruler.font = font
  return ruler.measureText(text).width
}

/** A label cut to `room` pixels with an ellipsis when it is wider. */
function fitted(text: string, room: number, font: string): string {
  if (textWidth(text, font) <= room) return text
  let cut = text
  while (cut.length > 1 && textWidth(`${cut}…`, font) > room) cut = cut.slice(0, -1)
  return `${cut.trimEnd()}…`
}

/** The plot itself (uPlot on a canvas), sized to its box; hovering a category shows its figures. */
export default function ChartPlot({ kind, labels, series, format, dir, height = 240, onSelect }: ChartProps) {
  const box = useRef<HTMLDivElement>(null)
  const [hover, setHover] = useState<{ index: number; start: number } | null>(null)
  const select = useRef(onSelect)
  select.current = onSelect

  useEffect(() => {
    const el = box.current
    if (!el) return
    const rtl = dir === 'rtl'
    const font = `12px ${getComputedStyle(el).fontFamily}`
    const x = labels.map((_, i) => i)
    // stacked bars: each series is drawn up to its running sum, the tallest first so the others stand over it
    const tops = kind === 'bars' ? stacked(series) : series.map((s) => s.values)
    const order = kind === 'bars' ? series.map((_, i) => series.length - 1 - i) : series.map((_, i) => i)
    const bars = uPlot.paths.bars?.({ size: [0.7, 48], gap: 2 })
    const opts: uPlot.Options = {
      width: el.clientWidth || 600,
      height,
      legend: { show: false },
      cursor: { y: false, points: { show: kind === 'line' }, drag: { x: false, y: false } },
      scales: {
        x: { time: false, dir: rtl ? -1 : 1, range: () => [-0.5, Math.max(labels.length - 0.5, 0.5)] },
        y: { range: (_u, _min, max) => [0, max > 0 ? max * 1.1 : 1] },
      },
      axes: [
        {
          stroke: ink,
          font,
          grid: { show: false },
          ticks: { show: false },
          space: 56,
          // a label wider than its category's share of the plot is cut short with an ellipsis (the table has it whole)
          values: (u, splits) => {
            const shown = splits.filter((i) => Number.isInteger(i)).length || 1
            const room = u.bbox.width / (devicePixelRatio || 1) / shown - 6
            return splits.map((i) => (Number.isInteger(i) ? fitted(labels[i] ?? '', room, font) : ''))
          },
        },
        {
          side: rtl ? 1 : 3,
          stroke: ink,
          font,
          // as wide as its longest figure (an amount in SR needs more than a count)
          size: (_u, values) => Math.ceil(Math.max(24, ...(values ?? []).map((v) => textWidth(v, font)))) + 14,
          grid: { stroke: grid, width: 1 },
          ticks: { show: false },
          values: (_u, splits) => splits.map((v) => format(v)),
        },
      ],
      series: [
        {},
        ...order.map((i) => {
          const s = series[i]!
          const color = strokes[toneOf(s, i)]
          return kind === 'bars'
            ? { label: s.label, stroke: color, fill: color, width: 0, paths: bars, points: { show: false } }
            : { label: s.label, stroke: color, width: 2, points: { show: labels.length <= 31, size: 5, fill: color } }
        }),
      ],
      hooks: {
        setCursor: [
          (u) => {
            const index = u.cursor.idx
            // the tip's inline start, from the box's start edge (the right one, right to left)
            const x = u.over.offsetLeft + (u.cursor.left ?? 0)
            const start = rtl ? el.clientWidth - x : x
            // beside the cursor, on the side with room, so the bar stays in view
            setHover(
              index === null || index === undefined ? null : { index, start: start + 190 > el.clientWidth ? start - 182 : start + 12 },
            )
          },
        ],
      },
    }
    const plot = new uPlot(opts, [x, ...order.map((i) => tops[i] ?? [])], el)
    const over = plot.over
    const click = () => {
      const index = plot.cursor.idx
      if (index !== null && index !== undefined) select.current?.(index)
    }
    over.addEventListener('click', click)
    if (select.current) over.style.cursor = 'pointer'
    const resize = new ResizeObserver(() => plot.setSize({ width: el.clientWidth, height }))
    resize.observe(el)
    return () => {
      resize.disconnect()
      over.removeEventListener('click', click)
      plot.destroy()
    }
  }, [kind, labels, series, format, dir, height])

  return (
    <div className={css({ position: 'relative', w: 'full' })}>
      <div ref={box} className={css({ w: 'full', '& .u-over, & .u-under': { direction: 'ltr' } })} />
      {hover && labels[hover.index] !== undefined ? (
        <dl className={tip} style={{ insetInlineStart: `${Math.max(0, hover.start)}px` }}>
          <dt>{labels[hover.index]}</dt>
          {series.map((s) => (
            <dd key={s.label}>
              <span>{s.label}</span>
              <span>{s.values[hover.index] === null ? '—' : format(s.values[hover.index] ?? 0)}</span>
            </dd>
          ))}
        </dl>
      ) : null}
    </div>
  )
}
