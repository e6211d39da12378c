import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, Outlet } from 'react-router-dom'
import { css } from 'styled-system/css'
import { screens } from '../contract/screens'
import { isAdmin, isUser } from '../machines/session'
import { Alert } from '../ui/alert'
import { Button, buttonRecipe } from '../ui/button'
import { LoadingScreen } from '../ui/spinner'
import { GuestLayout } from './layouts/guest-layout'
import { useRoot } from './root'
import { useSessionHold } from './session-gate'

/** The vendor's shell loads with its first screen, not with its sign-in. */
const VendorLayout = lazy(() => import('./layouts/vendor-layout').then((m) => ({ default: m.VendorLayout })))

/**
 * The vendor's own screens: only a signed-in end user opens them; a guest, and an admin (whose token
 * is no vendor's), are sent to the vendor sign-in.
 */
export function RequireVendor() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const user = useSelector(session, isUser)
  const hold = useSessionHold()
  if (hold) return hold
  if (!user) return <Navigate to={screens.userSignIn} replace />
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <VendorLayout>
        <Outlet />
      </VendorLayout>
    </Suspense>
  )
}

/**
 * The vendor's guest screens (sign-in, forgotten and new password): a signed-in vendor goes to its
 * dashboard; a signed-in admin is told this area is not theirs, with sign-out and the way back.
 */
export function VendorGuestOnly() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const user = useSelector(session, isUser)
  const admin = useSelector(session, isAdmin)
  const hold = useSessionHold()
  if (hold) return hold
  if (user) return <Navigate to={screens.userDashboard} replace />
  return (
    <GuestLayout>
      {admin ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })} data-testid="admin-not-vendor">
          <h1 className={css({ fontSize: '2xl', fontWeight: '700' })}>{t('app.vendorArea.adminTitle')}</h1>
          <Alert tone="info">{t('app.vendorArea.adminBody')}</Alert>
          <Button size="lg" block onClick={() => session.send({ type: 'session.logout' })}>
            {t('actions.signOut')}
          </Button>
          <Link to={screens.dashboard} className={buttonRecipe({ variant: 'outline', size: 'lg', block: true })}>
            {t('app.vendorArea.toAdmin')}
          </Link>
        </div>
      ) : (
        <Outlet />
      )}
    </GuestLayout>
  )
}
