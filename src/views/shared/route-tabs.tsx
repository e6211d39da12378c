import type { ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'

const styles = {
  // the strip wraps onto a second line on a narrow screen: the page never scrolls sideways for it
  list: css({
    display: 'flex',
    flexWrap: 'wrap',
    gap: '1',
    listStyle: 'none',
    p: '0',
    m: '0',
    borderBottomWidth: '1px',
    borderColor: 'border.default',
  }),
  link: css({
    display: 'inline-flex',
    alignItems: 'center',
    minH: '10',
    px: { base: '3', sm: '4' },
    py: '2',
    fontSize: 'sm',
    fontWeight: '600',
    color: 'fg.muted',
    textDecoration: 'none',
    borderBottomWidth: '2px',
    borderColor: 'transparent',
    mb: '-1px',
    _hover: { color: 'fg.default' },
    '&[aria-current=page]': { color: 'accent.default', borderColor: 'accent.default' },
    _focusVisible: { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '-2px' },
  }),
  panel: css({ pt: '4' }),
}

export type RouteTab = { value: string; label: ReactNode; to: string }

/**
 * Tabs that are addresses of their own: a strip of links (the current one marked as the page) above
 * the current tab's content. Each tab can be opened, bookmarked and shared; Tab and Enter reach and
 * open them, and the strip follows the reading direction.
 */
export function RouteTabs({ label, tabs, current, children }: { label: string; tabs: RouteTab[]; current: string; children: ReactNode }) {
  return (
    <div>
      <nav aria-label={label}>
        <ul className={styles.list}>
          {tabs.map((tab) => (
            <li key={tab.value}>
              <Link to={tab.to} className={styles.link} aria-current={tab.value === current ? 'page' : undefined} data-tab={tab.value}>
                {tab.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.panel}>{children}</div>
    </div>
  )
}
