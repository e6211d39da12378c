import { createContext, useContext } from 'react'

/**
 * What a screen asks of the router, given by the page it runs in: the admin app's router (see
 * `src/app/shell.tsx`), or nothing but the page itself (the public registration, which loads
 * without the router's code): there a navigation loads the next page, and nothing inside the page
 * can be held back (closing or reloading the tab still asks, see `useGuardedChart`).
 */
export type RouterPorts = {
  useNavigate: () => (to: string, options?: { replace?: boolean }) => void
  useBlocker: (
    shouldBlock: (args: { currentLocation: { pathname: string }; nextLocation: { pathname: string } }) => boolean,
  ) => LeaveBlocker
}

/** A held-back navigation: let it go or stay (react-router's `Blocker`, as far as the guard uses it). */
export type LeaveBlocker = { proceed?: (() => void) | undefined; reset?: (() => void) | undefined }

const loadPage = (to: string, options?: { replace?: boolean }) => {
  if (options?.replace) window.location.replace(to)
  else window.location.assign(to)
}
const nothingHeld: LeaveBlocker = {}

const pagePorts: RouterPorts = { useNavigate: () => loadPage, useBlocker: () => nothingHeld }

export const RouterPortsContext = createContext<RouterPorts>(pagePorts)
export const useRouterPorts = () => useContext(RouterPortsContext)
