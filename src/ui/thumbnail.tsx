import { css } from 'styled-system/css'
import { ImageIcon } from './icons'

const box = css({
  flexShrink: 0,
  w: '9',
  h: '9',
  borderRadius: 'md',
  overflow: 'hidden',
  bg: 'bg.muted',
  borderWidth: '1px',
  borderColor: 'border.default',
  display: 'grid',
  placeItems: 'center',
  color: 'fg.subtle',
})

/** A small square picture beside a record's name in a list; decorative (the name says what it is). */
export function Thumbnail({ src }: { src: string | null }) {
  return (
    <span className={box} aria-hidden="true">
      {src ? (
        <img src={src} alt="" loading="lazy" className={css({ w: 'full', h: 'full', objectFit: 'cover' })} />
      ) : (
        <ImageIcon width={16} height={16} />
      )}
    </span>
  )
}
