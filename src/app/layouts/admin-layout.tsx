import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { Avatar } from '../../ui/avatar'
import { screens } from '../../contract/screens'
import { ChevronDownIcon, LogoutIcon, MenuIcon, UserIcon } from '../../ui/icons'
import { Menu } from '../../ui/menu'
import type { MenuItem } from '../../views/shared/screen-module'
import { useLayout, layoutStore } from '../layout-store'
import { isCurrent, isGroup, visibleMenu, type MenuEntry } from '../menu'
import { useRoot } from '../root'
import { toolsFor } from '../tools'
import { HeaderItems } from '../header-items'
import { HeaderNav, NavIcon } from './header-nav'
import { LanguageSwitch } from './language-switch'
import { Button } from '../../ui/button'
import { Drawer } from '../../ui/drawer'
import { Logo } from './logo'
import { container, headerBar, headerRow, SkipLink } from './shell-parts'

/** The admin shell: fixed-width header and toolbar, aside hidden, blue primary colour. */
export function AdminLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation()
  const { session, dock } = useRoot()
  const layout = useLayout()
  const admin = useSelector(session, (s) => s.context.admin)
  const permissions = admin?.permissions ?? []
  const entries = visibleMenu(permissions)
  const tools = toolsFor(permissions)
  const shownTool = useSelector(dock, (s) => s.context.tool)
  const navigate = useNavigate()
  const location = useLocation()

  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <SkipLink />
      <header className={headerBar}>
        <div className={headerRow}>
          <NavLink
            to={screens.dashboard}
            className={css({ textDecoration: 'none', display: 'flex', minW: '0' })}
            title={t('nav.dashboard')}
          >
            <Logo />
          </NavLink>
          <Button
            variant="ghost"
            className={css({ display: { base: 'inline-flex', md: 'none' }, px: '2' })}
            aria-label={t('nav.openMenu')}
            aria-expanded={layout.navOpen}
            data-testid="nav-menu-button"
            onClick={() => layoutStore.set({ navOpen: true })}
          >
            <MenuIcon />
          </Button>
          <HeaderNav entries={entries} />
          <div className={css({ display: 'flex', alignItems: 'center', gap: { base: '1', sm: '2' }, ms: 'auto', flexShrink: '0' })}>
            {admin ? <HeaderItems permissions={permissions} /> : null}
            <LanguageSwitch />
            {admin ? (
              <Menu.Root
                open={layout.accountMenuOpen}
                onOpenChange={(d) => layoutStore.set({ accountMenuOpen: d.open })}
                onSelect={(d) => {
                  if (d.value === 'profile') navigate(screens.profile)
                  if (d.value === 'logout') session.send({ type: 'session.logout' })
                }}
              >
                <Menu.Trigger
                  title={t('actions.openMenu')}
                  data-testid="account-menu"
                  className={css({
                    display: 'inline-flex',
                    alignItems: 'center',
                    gap: { base: '1', sm: '2' },
                    p: '1',
                    pe: { base: '1', sm: '2' },
                    borderRadius: 'full',
                    cursor: 'pointer',
                    _hover: { bg: 'bg.muted' },
                  })}
                >
                  <Avatar name={admin.name} src={admin.avatar} />
                  {/* named by the admin's name on every screen (only visually hidden on a phone) */}
                  <span className={css({ srOnly: { base: true, sm: false }, fontWeight: '600', fontSize: 'sm' })}>{admin.name}</span>
                  <ChevronDownIcon width={16} height={16} />
                </Menu.Trigger>
                <Menu.Content>
                  <div className={css({ px: '3', py: '2', borderBottomWidth: '1px', borderColor: 'border.default', mb: '1' })}>
                    <div className={css({ fontWeight: '700', fontSize: 'sm' })}>{admin.name}</div>
                    <div className={css({ color: 'fg.muted', fontSize: 'xs' })} dir="ltr">
                      {admin.email}
                    </div>
                  </div>
                  <Menu.Item value="profile">
                    <UserIcon width={16} height={16} />
                    {t('actions.profile')}
                  </Menu.Item>
                  {tools.map((tool) => (
                    <Menu.CheckboxItem
                      key={tool.key}
                      value={`tool:${tool.key}`}
                      checked={shownTool === tool.key}
                      onCheckedChange={(checked) => dock.send(checked ? { type: 'dock.open', tool: tool.key } : { type: 'dock.close' })}
                    >
                      <tool.icon width={16} height={16} />
                      {t(tool.label)}
                    </Menu.CheckboxItem>
                  ))}
                  <Menu.Item value="logout" data-testid="logout">
                    <LogoutIcon width={16} height={16} />
                    {t('actions.signOut')}
                  </Menu.Item>
                </Menu.Content>
              </Menu.Root>
            ) : null}
          </div>
        </div>
      </header>
      <NavDrawer entries={entries} open={layout.navOpen} pathname={location.pathname} />
      {layout.toolbar ? (
        <div className={css({ bg: 'bg.surface', borderBottomWidth: '1px', borderColor: 'border.default' })}>
          <div className={cx(container, css({ py: '4' }))}>
            <h1 className={css({ fontSize: 'xl', fontWeight: '700' })}>{title}</h1>
          </div>
        </div>
      ) : null}
      <main id="main" className={cx(container, css({ flex: '1', py: '6' }))}>
        {children}
      </main>
    </div>
  )
}

const drawerLink = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  px: '3',
  h: '11',
  borderRadius: 'lg',
  fontWeight: '600',
  color: 'fg.default',
  textDecoration: 'none',
  _hover: { bg: 'bg.muted' },
  '&[aria-current=page]': { bg: 'primary.50', color: 'primary.700' },
})

/** Small screens: every entry of the menu in a panel, groups as headed lists; choosing one closes it. */
function NavDrawer({ entries, open, pathname }: { entries: readonly MenuEntry[]; open: boolean; pathname: string }) {
  const { t } = useTranslation()
  const close = () => layoutStore.set({ navOpen: false })
  const link = (item: MenuItem) => (
    <li key={item.path}>
      <Link to={item.path} className={drawerLink} aria-current={isCurrent(item, pathname) ? 'page' : undefined} onClick={close}>
        <NavIcon icon={item.icon} />
        {t(item.label)}
      </Link>
    </li>
  )
  return (
    <Drawer open={open} onClose={close} title={t('nav.menu')} closeLabel={t('actions.close')}>
      <nav aria-label={t('nav.menu')}>
        <ul className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
          {entries.map((entry) =>
            isGroup(entry) ? (
              <li key={entry.key} className={css({ mt: '3' })}>
                <h2
                  id={`nav-group-${entry.key}`}
                  className={css({ px: '3', pb: '1', fontSize: 'xs', fontWeight: '700', color: 'fg.muted' })}
                >
                  {t(entry.label)}
                </h2>
                <ul aria-labelledby={`nav-group-${entry.key}`} className={css({ display: 'flex', flexDir: 'column', gap: '1' })}>
                  {entry.items.map(link)}
                </ul>
              </li>
            ) : (
              link(entry)
            ),
          )}
        </ul>
      </nav>
    </Drawer>
  )
}
