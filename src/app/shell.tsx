import { useCallback } from 'react'
import { Outlet, useBlocker, useLocation, useNavigate, useRouteError } from 'react-router-dom'
import { RouterPortsContext, type RouterPorts } from '../views/shared/router-ports'
import { Frame, ScreenFailure } from './frame'

export { BootScreen } from './frame'

/** The screens' navigation and leave guard, by the app's router. */
const routerPorts: RouterPorts = {
  useNavigate: () => {
    const navigate = useNavigate()
    return useCallback((to, options) => void navigate(to, options), [navigate])
  },
  useBlocker,
}

/** Every navigation goes to the navigation chart; Ark's components follow the language. */
export function Shell() {
  const location = useLocation()
  return (
    <RouterPortsContext.Provider value={routerPorts}>
      <Frame path={location.pathname}>
        <Outlet />
      </Frame>
    </RouterPortsContext.Provider>
  )
}

/** A route module that failed to load (spec: "Loading chunk failed"), or any render failure. */
export function RouteError() {
  return <ScreenFailure error={useRouteError()} />
}
