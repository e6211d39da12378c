import type { ReactNode } from 'react'

/** The colours a series may take (the theme's, so a chart reads like the rest of the page). */
const chartTones = ['primary', 'green', 'amber', 'violet', 'red', 'gray'] as const
export type ChartTone = (typeof chartTones)[number]

export type ChartSeries = {
  label: string
  /** One value a category; null where there is none. */
  values: (number | null)[]
  tone?: ChartTone
}

export type ChartProps = {
  /** The chart's name: its figure caption and the table's caption. */
  title: string
  /** Bars (several series stacked: their sum is the bar's height) or lines. */
  kind: 'bars' | 'line'
  /** The categories along the axis (months, days, packages), first to last. */
  labels: string[]
  series: ChartSeries[]
  /** A value as the page writes it (an amount in SR, a count). */
  format: (value: number) => string
  dir: 'ltr' | 'rtl'
  height?: number
  /** A category clicked on the plot (its filtered list, say). */
  onSelect?: (index: number) => void
  /** A category's cell in the table: the label, or a link to its filtered list. */
  labelCell?: (index: number) => ReactNode
  /** Texts: the table's toggle and its header of categories. */
  showTable: string
  hideTable: string
  categoryHeader: string
  /** Shown instead of the plot when no category has a value. */
  emptyText: string
}

/** A series' colour: its own, or the next of the palette. */
export const toneOf = (series: ChartSeries, index: number): ChartTone => series.tone ?? chartTones[index % chartTones.length] ?? 'primary'
