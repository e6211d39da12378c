import type { ReactElement } from 'react'
import { Navigate, RouterProvider, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { screens } from '../contract/screens'
import { screenAccessKinds, type ScreenAccess, type ScreenModule, type ScreenRoute } from '../views/shared/screen-module'
import { AdminIndex, BareLayout, GuestOnly, RequireAdmin, type RouteHandle } from './guards'
import { RequireVendor, VendorGuestOnly } from './vendor-guards'
import { screenModules } from './modules'
import { loadScreen, type BeforeScreen } from './screen-loader'
import { BootScreen, RouteError, Shell } from './shell'

const routeOf = (route: ScreenRoute, beforeScreen: BeforeScreen | undefined): RouteObject => ({
  path: route.path,
  handle: { title: route.title, permission: route.permission, wide: route.wide } satisfies RouteHandle,
  lazy: async () => ({ Component: await loadScreen(route, beforeScreen) }),
})

/** The guard and layout of each access kind (`ScreenRoute['access']`). */
const guardOf: Record<ScreenAccess, ReactElement> = {
  admin: <RequireAdmin />,
  guest: <GuestOnly />,
  public: <BareLayout />,
  vendor: <RequireVendor />,
  vendorGuest: <VendorGuestOnly />,
}

/**
 * The routes of every module, under the guard and layout their access asks for; a screen opens once
 * `beforeScreen` (the modules' messages) has resolved, unless its texts are all loaded at start.
 */
export function buildRoutes(modules: readonly ScreenModule[], beforeScreen?: BeforeScreen): RouteObject[] {
  const all = modules.flatMap((m) => m.routes)
  const having = (access: ScreenRoute['access']) => all.filter((r) => (r.access ?? 'admin') === access).map((r) => routeOf(r, beforeScreen))
  const redirects = modules.flatMap((m) => m.redirects ?? []).map(({ from, to }) => ({ path: from, element: <Navigate to={to} replace /> }))
  return [
    {
      element: <Shell />,
      errorElement: <RouteError />,
      hydrateFallbackElement: <BootScreen />,
      children: [
        // the second root route set: the vendor's own area
        { path: screens.root, element: <Navigate to={screens.userDashboard} replace /> },
        { path: screens.admin, element: <AdminIndex /> },
        ...screenAccessKinds.map((kind) => ({
          element: guardOf[kind],
          children: kind === 'admin' ? [...redirects, ...having(kind)] : having(kind),
        })),
        { path: '*', element: <Navigate to={screens.notFound} replace /> },
      ],
    },
  ]
}

/** The admin app (and every screen of the modules) on the browser's address. */
export const routerApp = (beforeScreen: BeforeScreen) => (
  <RouterProvider router={createBrowserRouter(buildRoutes(screenModules, beforeScreen))} />
)
