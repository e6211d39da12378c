import { css, cx } from 'styled-system/css'

export type ProgressBarProps = {
  label: string
  value: number
  max: number
  /** The value as read aloud and shown ("3 of 10"); absent while the value is not known yet. */
  valueText?: string | undefined
  /** A thin bar under its label alone (a table cell whose label says the numbers). */
  compact?: boolean
}

/** A labelled progress bar, green once complete. */
export function ProgressBar({ label, value, max, valueText, compact }: ProgressBarProps) {
  const percent = max > 0 ? Math.min(100, Math.round((value / max) * 100)) : 0
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '1.5', minW: '0' }, compact && { gap: '1', minW: '36', maxW: '52' })}>
      <div className={css({ display: 'flex', justifyContent: 'space-between', gap: '3', fontSize: compact ? 'xs' : 'sm' })}>
        <span className={css({ color: 'fg.muted', fontWeight: compact ? '400' : '600' })}>{label}</span>
        {compact ? null : <span className={css({ fontWeight: '700', fontVariantNumeric: 'tabular-nums' })}>{valueText ?? '—'}</span>}
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={max}
        aria-valuenow={value}
        aria-valuetext={valueText}
        className={css({ h: compact ? '1.5' : '2', borderRadius: 'full', bg: 'gray.200', overflow: 'hidden' })}
      >
        <div
          className={cx(
            css({ h: 'full', borderRadius: 'full', transition: 'width 200ms' }),
            percent === 100 ? css({ bg: 'green.600' }) : css({ bg: 'primary.600' }),
          )}
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}
