import { Avatar as ArkAvatar } from '@ark-ui/react/avatar'
import { css } from 'styled-system/css'

const root = css({
  w: '9',
  h: '9',
  borderRadius: 'full',
  bg: 'primary.100',
  color: 'primary.700',
  display: 'inline-grid',
  placeItems: 'center',
  overflow: 'hidden',
  fontWeight: '700',
  fontSize: 'sm',
  flexShrink: 0,
})

const initials = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0])
    .join('')
    .toUpperCase()

export function Avatar({ name, src }: { name: string; src?: string | null }) {
  return (
    <ArkAvatar.Root className={root}>
      <ArkAvatar.Fallback>{initials(name)}</ArkAvatar.Fallback>
      {src ? <ArkAvatar.Image src={src} alt="" className={css({ w: 'full', h: 'full', objectFit: 'cover' })} /> : null}
    </ArkAvatar.Root>
  )
}
