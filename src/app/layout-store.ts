import { useSyncExternalStore } from 'react'

/** Layout configuration of the admin shell; every navigation resets it (spec section 2). */
export type LayoutConfig = {
  asideHidden: boolean
  headerFixedWidth: boolean
  toolbar: boolean
  accountMenuOpen: boolean
  /** The menu panel of small screens. */
  navOpen: boolean
}

const defaultLayout: LayoutConfig = {
  asideHidden: true,
  headerFixedWidth: true,
  toolbar: true,
  accountMenuOpen: false,
  navOpen: false,
}

let current: LayoutConfig = defaultLayout
const listeners = new Set<() => void>()

export const layoutStore = {
  get: () => current,
  set(patch: Partial<LayoutConfig>) {
    current = { ...current, ...patch }
    listeners.forEach((l) => l())
  },
  reset() {
    if (current === defaultLayout) return
    current = defaultLayout
    listeners.forEach((l) => l())
  },
  subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
}

export const useLayout = () => useSyncExternalStore(layoutStore.subscribe, layoutStore.get, layoutStore.get)
