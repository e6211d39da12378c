import { css, cx } from 'styled-system/css'

const base = css({
  display: 'inline-block',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'currentColor',
  borderTopColor: 'transparent',
  animation: 'spin 0.8s linear infinite',
  flexShrink: 0,
})
const sizes = { sm: css({ w: '4', h: '4' }), md: css({ w: '6', h: '6' }), lg: css({ w: '10', h: '10' }) }

export function Spinner({ size = 'md', label }: { size?: keyof typeof sizes; label?: string }) {
  return (
    <span className={cx(base, sizes[size])} role={label ? 'status' : undefined} aria-label={label} aria-hidden={label ? undefined : true} />
  )
}

/** A full-area loading state with a visible, translated label supplied by the caller. */
export function LoadingScreen({ label }: { label: string }) {
  return (
    <div className={css({ minH: '60vh', display: 'grid', placeItems: 'center', color: 'primary.600' })}>
      <div className={css({ display: 'flex', flexDir: 'column', alignItems: 'center', gap: '3' })}>
        <Spinner size="lg" />
        <span className={css({ color: 'fg.muted', fontSize: 'sm' })} role="status">
          {label}
        </span>
      </div>
    </div>
  )
}
