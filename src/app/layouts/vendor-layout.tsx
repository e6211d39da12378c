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

const container = css({ w: 'full', maxW: '1320px', mx: 'auto', px: { base: '4', md: '6' } })

const navLink = css({
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
  cursor: 'pointer',
  _hover: { bg: 'bg.muted', color: 'fg.default' },
  '&[aria-current=page]': { bg: 'primary.50', color: 'primary.700' },
})

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
      <a
        href="#main"
        className={css({
          position: 'absolute',
          insetInlineStart: '2',
          top: '-20',
          _focus: { top: '2' },
          bg: 'bg.surface',
          p: '2',
          zIndex: 'skipLink',
        })}
      >
        {t('app.skipToContent')}
      </a>
      <header
        className={css({
          bg: 'bg.surface',
          borderBottomWidth: '1px',
          borderColor: 'border.default',
          position: 'sticky',
          top: '0',
          zIndex: 'sticky',
        })}
      >
        <div className={cx(container, css({ minH: '16', py: '2', display: 'flex', alignItems: 'center', gap: { base: '1', md: '6' } }))}>
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
