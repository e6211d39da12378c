import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { Avatar } from '../../ui/avatar'
import { formatDateTime } from '../shared/format'
import { dashboardAccess } from '../../contract/dashboard'
import { useAdmin, useCan, useLang } from '../shared/runtime'
import { StatisticsPanel } from './statistics'

export function DashboardScreen() {
  const { t } = useTranslation()
  const admin = useAdmin()
  const lang = useLang()
  const canSee = useCan(dashboardAccess.can.view)
  if (!admin) return null
  return (
    <>
      <section
        aria-labelledby="welcome"
        className={css({
          bg: 'bg.surface',
          borderRadius: '2xl',
          borderWidth: '1px',
          borderColor: 'border.default',
          p: { base: '6', md: '8' },
          display: 'flex',
          gap: '5',
          alignItems: 'center',
          flexWrap: 'wrap',
        })}
      >
        <div className={css({ transform: 'scale(1.6)', mx: '3' })}>
          <Avatar name={admin.name} src={admin.avatar} />
        </div>
        <div className={css({ flex: '1', minW: '60' })}>
          <h2 id="welcome" className={css({ fontSize: '2xl', fontWeight: '700' })} data-testid="welcome">
            {t('dashboard.welcome', { name: admin.name })}
          </h2>
          <p className={css({ color: 'fg.muted', mt: '1' })} data-testid="last-sign-in">
            {admin.last_login_at
              ? t('dashboard.lastSignIn', { date: formatDateTime(admin.last_login_at, lang) })
              : t('dashboard.firstSignIn')}
          </p>
          <p className={css({ mt: '3', color: 'fg.muted', maxW: '2xl' })}>{t('dashboard.intro')}</p>
        </div>
        <span
          className={css({
            px: '3',
            py: '1',
            borderRadius: 'full',
            bg: 'primary.50',
            color: 'primary.700',
            fontSize: 'sm',
            fontWeight: '600',
          })}
        >
          {t(`dashboard.role.${admin.user_type}`)}
        </span>
      </section>
      {canSee ? <StatisticsPanel /> : null}
    </>
  )
}
