import { Fragment, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { css } from 'styled-system/css'
import { ChevronDownIcon, MoreIcon } from '../../ui/icons'
import { Menu } from '../../ui/menu'
import type { MenuIcon as MenuIconComponent, MenuItem } from '../../views/shared/screen-module'
import { isCurrent, isGroup, isGroupCurrent, type MenuEntry } from '../menu'
import { navLink } from './shell-parts'

export function NavIcon({ icon: Icon }: { icon: MenuIconComponent }) {
  return <Icon width={16} height={16} />
}

const GAP = 4

/** How many entries fit in `available` pixels, leaving room for "More" when some do not. */
export function entriesThatFit(widths: readonly number[], more: number, available: number): number {
  const all = widths.reduce((sum, w) => sum + w + GAP, 0)
  if (all <= available) return widths.length
  let used = more
  let count = 0
  for (const w of widths) {
    if (used + w + GAP > available) break
    used += w + GAP
    count++
  }
  return count
}

/** An entry's face: its icon, its label and, for a group, the chevron (the same in the row and when measured). */
function EntryFace({ entry }: { entry: MenuEntry }) {
  const { t } = useTranslation()
  return (
    <>
      <NavIcon icon={entry.icon} />
      {t(entry.label)}
      {isGroup(entry) ? <ChevronDownIcon width={14} height={14} /> : null}
    </>
  )
}

const moreFace = (label: string): ReactNode => (
  <>
    <MoreIcon width={16} height={16} />
    {label}
    <ChevronDownIcon width={14} height={14} />
  </>
)

/**
 * The header's entries in one row: as many as the row holds, the rest under "More" at its end (groups
 * there as headed parts of its menu). The entries are measured in a hidden copy, again whenever the
 * row's width or the language changes.
 */
export function HeaderNav({ entries }: { entries: readonly MenuEntry[] }) {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const row = useRef<HTMLElement>(null)
  const ruler = useRef<HTMLDivElement>(null)
  const [fit, setFit] = useState(entries.length)
  // While one of the row's menus is open the row keeps its entries: a change under the pointer (the
  // bell's count arriving, a font loading) would move the item about to be chosen. It is measured
  // again once the menu closes.
  const open = useRef<{ menu: string | null; measure: (() => void) | null; stale: boolean }>({ menu: null, measure: null, stale: false })

  useLayoutEffect(() => {
    const nav = row.current
    const copy = ruler.current
    if (!nav || !copy) return
    const measure = () => {
      if (open.current.menu !== null) {
        open.current.stale = true
        return
      }
      open.current.stale = false
      const widths = [...copy.children].map((el) => el.getBoundingClientRect().width)
      const more = widths.pop() ?? 0
      // a row not laid out (hidden on a phone) has nothing to measure: it keeps every entry
      setFit(nav.clientWidth > 0 ? entriesThatFit(widths, more, nav.clientWidth) : entries.length)
    }
    open.current.measure = measure
    measure()
    if (typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(measure)
    observer.observe(nav)
    observer.observe(copy)
    return () => observer.disconnect()
  }, [entries, i18n.language])

  const onOpenChange = (menu: string) => (details: { open: boolean }) => {
    if (details.open) open.current.menu = menu
    else if (open.current.menu === menu) {
      open.current.menu = null
      if (open.current.stale) open.current.measure?.()
    }
  }

  const shown = entries.slice(0, fit)
  const rest = entries.slice(fit)
  const restCurrent = rest.some((entry) => (isGroup(entry) ? isGroupCurrent(entry, pathname) : isCurrent(entry, pathname)))
  const item = (entry: MenuItem) => (
    <Menu.Item key={entry.path} value={entry.path} aria-current={isCurrent(entry, pathname) ? 'page' : undefined}>
      <NavIcon icon={entry.icon} />
      {t(entry.label)}
    </Menu.Item>
  )

  return (
    <nav
      ref={row}
      aria-label={t('nav.menu')}
      className={css({
        display: { base: 'none', md: 'flex' },
        alignItems: 'center',
        gap: '1',
        flex: '1',
        minW: '0',
        position: 'relative',
        py: '1',
      })}
    >
      {/* the ruler: every entry and "More" laid out unseen, to know what fits */}
      <div aria-hidden className={css({ position: 'absolute', w: '0', h: '0', overflow: 'hidden', visibility: 'hidden' })}>
        <div ref={ruler} className={css({ display: 'flex', w: 'max-content' })}>
          {entries.map((entry) => (
            <span key={isGroup(entry) ? entry.key : entry.path} className={navLink}>
              <EntryFace entry={entry} />
            </span>
          ))}
          <span className={navLink}>{moreFace(t('nav.more'))}</span>
        </div>
      </div>
      {shown.map((entry) =>
        isGroup(entry) ? (
          <Menu.Root key={entry.key} onSelect={(d) => navigate(d.value)} onOpenChange={onOpenChange(entry.key)}>
            <Menu.Trigger className={navLink} data-current={isGroupCurrent(entry, pathname) || undefined}>
              <EntryFace entry={entry} />
            </Menu.Trigger>
            <Menu.Content>{entry.items.map(item)}</Menu.Content>
          </Menu.Root>
        ) : (
          <Link key={entry.path} to={entry.path} className={navLink} aria-current={isCurrent(entry, pathname) ? 'page' : undefined}>
            <EntryFace entry={entry} />
          </Link>
        ),
      )}
      {rest.length > 0 ? (
        <Menu.Root onSelect={(d) => navigate(d.value)} onOpenChange={onOpenChange('more')}>
          <Menu.Trigger className={navLink} data-current={restCurrent || undefined}>
            {moreFace(t('nav.more'))}
          </Menu.Trigger>
          <Menu.Content>
            {rest.map((entry, i) => {
              // a group stands apart from what comes before it and after it
              const apart = i > 0 && (isGroup(entry) || isGroup(rest[i - 1]!))
              return (
                <Fragment key={isGroup(entry) ? entry.key : entry.path}>
                  {apart ? <Menu.Separator /> : null}
                  {isGroup(entry) ? (
                    <Menu.ItemGroup>
                      <Menu.ItemGroupLabel>{t(entry.label)}</Menu.ItemGroupLabel>
                      {entry.items.map(item)}
                    </Menu.ItemGroup>
                  ) : (
                    item(entry)
                  )}
                </Fragment>
              )
            })}
          </Menu.Content>
        </Menu.Root>
      ) : null}
    </nav>
  )
}
