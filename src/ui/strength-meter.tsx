import { css, cx } from 'styled-system/css'
import { CheckIcon, DotIcon } from './icons'

export type StrengthCheck = { id: string; label: string; passed: boolean }

const levelColors = ['red.500', 'orange.500', 'yellow.500', 'green.500', 'green.600'] as const

/** Shows how many of the password rules pass, as a bar and a checklist. */
export function StrengthMeter({ checks, label, levelLabel }: { checks: StrengthCheck[]; label: string; levelLabel: string }) {
  const passed = checks.filter((c) => c.passed).length
  const color = levelColors[Math.max(0, passed - 1)] ?? 'red.500'
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '2' })}>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={checks.length}
        aria-valuenow={passed}
        aria-valuetext={levelLabel}
        className={css({ display: 'flex', alignItems: 'center', gap: '3' })}
      >
        <div className={css({ display: 'flex', gap: '1', flex: '1' })}>
          {checks.map((c, i) => (
            <span
              key={c.id}
              className={css({ h: '1.5', flex: '1', borderRadius: 'full', bg: 'gray.200', transition: 'background 150ms' })}
              style={i < passed ? { background: `var(--colors-${color.replace('.', '-')})` } : undefined}
            />
          ))}
        </div>
        <span className={css({ fontSize: 'xs', fontWeight: '600', color: 'fg.muted', minW: '14', textAlign: 'end' })}>{levelLabel}</span>
      </div>
      <ul className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' }, gap: '1', fontSize: 'xs' })}>
        {checks.map((c) => (
          <li
            key={c.id}
            data-passed={c.passed || undefined}
            className={cx(
              css({ display: 'flex', alignItems: 'center', gap: '1.5', color: 'fg.muted' }),
              c.passed && css({ color: 'success.fg' }),
            )}
          >
            {c.passed ? <CheckIcon width={14} height={14} /> : <DotIcon width={14} height={14} />}
            {c.label}
          </li>
        ))}
      </ul>
    </div>
  )
}
