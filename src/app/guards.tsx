import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router-dom'
import { LoadingScreen } from '../ui/spinner'
import { isAdmin } from '../machines/session'
import { GuestLayout } from './layouts/guest-layout'
import { paths, safeRedirect, signInWithRedirect } from './paths'
import { useRoot } from './root'

/** Start-up check or sign-out under way: nothing can be decided yet. */
const usePending = () => {
  const { session } = useRoot()
  return useSelector(session, (s) => s.matches('restoring') || s.matches('verifying') || s.matches('signingOut'))
}

/** The admin shell (menus, avatar) loads with the first admin screen, not with sign-in. */
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })))

export type RouteHandle = { title?: string }

/** Admin screens: a guest is sent to sign in, keeping where they were going. */
export function RequireAdmin() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const location = useLocation()
  const admin = useSelector(session, isAdmin)
  const pending = usePending()
  const matches = useMatches()
  const title = [...matches].reverse().map((m) => (m.handle as RouteHandle | undefined)?.title).find(Boolean)
  if (pending) return <LoadingScreen label={t('common.loading')} />
  if (!admin) return <Navigate to={signInWithRedirect(location.pathname + location.search)} replace />
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <AdminLayout title={title ? t(title as never) : ''}>
        <Outlet />
      </AdminLayout>
    </Suspense>
  )
}

/** Guest-only screens: a signed-in admin goes to the dashboard (or where sign-in was asked from). */
export function GuestOnly() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const [params] = useSearchParams()
  const admin = useSelector(session, isAdmin)
  const pending = usePending()
  if (pending) return <LoadingScreen label={t('common.loading')} />
  if (admin) return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return (
    <GuestLayout>
      <Outlet />
    </GuestLayout>
  )
}

/** The bare /admin-panel: sign-in for guests, the dashboard for admins. */
export function AdminIndex() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const admin = useSelector(session, isAdmin)
  const pending = usePending()
  if (pending) return <LoadingScreen label={t('common.loading')} />
  return <Navigate to={admin ? paths.dashboard : paths.signIn} replace />
}
