import { useSelector } from '@xstate/react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { NavLink } from 'react-router-dom'
import { css, cx } from 'styled-system/css'
import { screens } from '../../contract/screens'
import { HomeIcon, LogoutIcon } from '../../ui/icons'
import { useRoot } from '../root'
import { LanguageSwitch } from './language-switch'
import { Logo } from './logo'
import { container, headerBar, headerRow, navLink, SkipLink } from './shell-parts'

/**
 * The vendor's shell, by the admin's conventions (RTL first, blue primary, fixed-width header) with a
 * menu of its own: the dashboard and sign-out, beside the language switch.
 */
export function VendorLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation()
  const { session } = useRoot()
  const name = useSelector(session, (s) => s.context.user?.name ?? '')
  return (
    <div className={css({ minH: '100dvh', display: 'flex', flexDir: 'column' })}>
      <SkipLink />
      <header className={headerBar}>
        <div className={headerRow}>
          <NavLink
            to={screens.userDashboard}
            className={css({ textDecoration: 'none', display: 'flex', minW: '0' })}
            title={t('app.vendorArea.dashboard')}
          >
            <Logo />
          </NavLink>
          <nav
            aria-label={t('app.vendorArea.menu')}
            className={css({ display: 'flex', alignItems: 'center', gap: '1', flex: '1', minW: '0' })}
          >
            <NavLink to={screens.userDashboard} end className={navLink}>
              <HomeIcon width={16} height={16} aria-hidden="true" />
              <span className={css({ srOnly: { base: true, sm: false } })}>{t('app.vendorArea.dashboard')}</span>
            </NavLink>
          </nav>
          <div className={css({ display: 'flex', alignItems: 'center', gap: { base: '1', sm: '2' }, ms: 'auto', flexShrink: '0' })}>
            <LanguageSwitch />
            <span className={css({ display: { base: 'none', lg: 'inline' }, fontSize: 'sm', fontWeight: '600', color: 'fg.muted' })}>
              <bdi>{name}</bdi>
            </span>
            <button
              type="button"
              className={navLink}
              data-testid="vendor-sign-out"
              onClick={() => session.send({ type: 'session.logout' })}
            >
              <LogoutIcon width={16} height={16} aria-hidden="true" />
              <span className={css({ srOnly: { base: true, sm: false } })}>{t('actions.signOut')}</span>
            </button>
          </div>
        </div>
      </header>
      <main id="main" className={cx(container, css({ flex: '1', py: '6' }))}>
        {children}
      </main>
    </div>
  )
}
