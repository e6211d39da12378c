import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'

/** What the admin's and the vendor's shells share: width, header bar, menu entries, skip link. */
export const container = css({ w: 'full', maxW: '1320px', mx: 'auto', px: { base: '4', md: '6' } })

/** The sticky bar at the top of every signed-in page. */
export const headerBar = css({
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  position: 'sticky',
  top: '0',
  // above the page's positioned content (a date field's box, a chart's tooltip), below menus and dialogs
  zIndex: 1100,
})

/** The header's row: logo, menu, then the language switch and the account at the inline end. */
export const headerRow = cx(container, css({ minH: '16', py: '2', display: 'flex', alignItems: 'center', gap: { base: '1', md: '6' } }))

/** A header menu entry (a link, or a button opening a group or signing out). */
export const navLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  px: '3',
  h: '9',
  borderRadius: 'lg',
  fontSize: 'sm',
  fontWeight: '600',
  whiteSpace: 'nowrap',
  color: 'fg.muted',
  textDecoration: 'none',
  bg: 'transparent',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  cursor: 'pointer',
  '&[aria-current=page], &[data-current]': { bg: 'primary.50', color: 'primary.700' },
  _expanded: { bg: 'bg.muted', color: 'fg.default' },
})

/** "Skip to content": hidden until focused, it leads past the header to `#main`. */
export function SkipLink() {
  const { t } = useTranslation()
  return (
    <a
      href="#main"
      className={css({
        position: 'absolute',
        insetInlineStart: '2',
        top: '-20',
        _focus: { top: '2' },
        bg: 'bg.surface',
        p: '2',
        zIndex: 1600,
      })}
    >
      {t('app.skipToContent')}
    </a>
  )
}
