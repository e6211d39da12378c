import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { AlertIcon, CheckCircleIcon } from './icons'

export function Alert({ tone, children }: { tone: 'error' | 'success' | 'info'; children: ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={cx(
        css({ display: 'flex', gap: '2.5', alignItems: 'flex-start', p: '3', borderRadius: 'lg', fontSize: 'sm', borderWidth: '1px' }),
        tone === 'error' && css({ bg: 'danger.bg', color: 'danger.fg', borderColor: 'red.200' }),
        tone === 'success' && css({ bg: 'success.bg', color: 'success.fg', borderColor: 'green.200' }),
        tone === 'info' && css({ bg: 'primary.50', color: 'primary.800', borderColor: 'primary.200' }),
      )}
    >
      <span className={css({ flexShrink: 0, mt: '0.5' })}>
        {tone === 'success' ? <CheckCircleIcon width={18} height={18} /> : <AlertIcon width={18} height={18} />}
      </span>
      <div>{children}</div>
    </div>
  )
}
