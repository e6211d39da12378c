import { useSelector } from '@xstate/react'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation, useMatches, useSearchParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { hasPermission } from '../contract/access'
import { safeRedirect, screens, signInWithRedirect } from '../contract/screens'
import { isAdmin } from '../machines/session'
import { LoadingScreen } from '../ui/spinner'
import type { MessageKey } from '../views/shared/screen-module'
import { Forbidden } from './forbidden'
import { GuestLayout } from './layouts/guest-layout'
import { LanguageSwitch } from './layouts/language-switch'
import { useRoot } from './root'
import { useSessionHold } from './session-gate'

/** The admin shell (menus, avatar) loads with the first admin screen, not with sign-in. */
const AdminLayout = lazy(() => import('./layouts/admin-layout').then((m) => ({ default: m.AdminLayout })))

export type RouteHandle = { title?: MessageKey | undefined; permission?: string | undefined; wide?: boolean | undefined }

/**
 * Admin screens: a guest is sent to sign in, keeping where they were going; an admin without the
 * screen's permission is told so (the server would refuse its calls anyway).
 */
export function RequireAdmin() {
  const { session } = useRoot()
  const { t } = useTranslation()
  const location = useLocation()
  const admin = useSelector(session, isAdmin)
  const permissions = useSelector(session, (s) => s.context.admin?.permissions ?? null)
  const hold = useSessionHold()
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined
  if (hold) return hold
  if (!admin) return <Navigate to={signInWithRedirect(location.pathname + location.search)} replace />
  const allowed = !handle?.permission || hasPermission(permissions ?? [], handle.permission)
  return (
    <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
      <AdminLayout title={allowed && handle?.title ? t(handle.title) : allowed ? '' : t('errors.forbiddenTitle')}>
        {allowed ? <Outlet /> : <Forbidden />}
      </AdminLayout>
    </Suspense>
  )
}

/** Guest-only screens: a signed-in admin goes to the dashboard (or where sign-in was asked from). */
export function GuestOnly() {
  const { session } = useRoot()
  const [params] = useSearchParams()
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined
  const admin = useSelector(session, isAdmin)
  const hold = useSessionHold()
  if (hold) return hold
  if (admin) return <Navigate to={safeRedirect(params.get('redirect'))} replace />
  return (
    <GuestLayout wide={handle?.wide === true}>
      <Outlet />
    </GuestLayout>
  )
}

/** Screens for anyone (the 404 page): the page itself and the language switch in its corner. */
export function BareLayout() {
  return (
    <div className={css({ position: 'relative' })}>
      <div className={css({ position: 'absolute', top: '4', insetInlineEnd: '4', zIndex: 10 })}>
        <LanguageSwitch />
      </div>
      <Outlet />
    </div>
  )
}

/** The bare /admin-panel: sign-in for guests, the dashboard for admins. */
export function AdminIndex() {
  const { session } = useRoot()
  const admin = useSelector(session, isAdmin)
  const hold = useSessionHold()
  if (hold) return hold
  return <Navigate to={admin ? screens.dashboard : screens.signIn} replace />
}
