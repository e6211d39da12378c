import type { ReactElement } from 'react'
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { screens } from '../contract/screens'
import { screenAccessKinds, type ScreenAccess, type ScreenModule, type ScreenRoute } from '../views/shared/screen-module'
import { AdminIndex, BareLayout, GuestOnly, RequireAdmin, type RouteHandle } from './guards'
import { RequireVendor, VendorGuestOnly } from './vendor-guards'
import { screenModules } from './modules'
import { BootScreen, RouteError, Shell } from './shell'

const CHUNK_TIMEOUT_MS = 120_000

/** What a screen waits for besides its code: the modules' messages (only the files named, if it names them), unless its own are loaded at start. */
type BeforeScreen = (files?: readonly string[]) => Promise<void>

/** Lazy route module with the spec's chunk timeout: a module that does not arrive in time fails. */
function lazyScreen(route: ScreenRoute, beforeScreen: BeforeScreen | undefined) {
  const load = async () => {
    const [Component] = await Promise.all([route.screen(), route.startMessages ? undefined : beforeScreen?.(route.messages)])
    return Component
  }
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading chunk failed')), CHUNK_TIMEOUT_MS)
    })
    try {
      return { Component: await Promise.race([load(), timeout]) }
    } finally {
      clearTimeout(timer)
    }
  }
}

const routeOf = (route: ScreenRoute, beforeScreen: BeforeScreen | undefined): RouteObject => ({
  path: route.path,
  handle: { title: route.title, permission: route.permission, wide: route.wide } satisfies RouteHandle,
  lazy: lazyScreen(route, beforeScreen),
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

export const createRouter = (beforeScreen?: BeforeScreen) => createBrowserRouter(buildRoutes(screenModules, beforeScreen))
