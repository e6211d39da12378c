import { useEffect, useSyncExternalStore } from 'react'
import type { CreateToasterReturn } from '@ark-ui/react/toast'

type ToastModule = typeof import('./toast')
type ToastOptions = { title: string; description?: string }

/** Short confirmations: `toaster.success({ title })`, `.info(...)`, `.error(...)`. */
export type AppToaster = {
  success: (toast: ToastOptions) => void
  info: (toast: ToastOptions) => void
  error: (toast: ToastOptions) => void
  /** Closes one toast, or all of them. */
  dismiss: (id?: string) => void
  /** The ids of the toasts on screen now. */
  visibleIds: () => string[]
}

/**
 * The app's toaster, whose code (Ark's toast and its dependencies) loads with the first toast rather
 * than with the first screen: a visitor who signs in downloads none of it. Toasts asked for before it
 * has loaded are shown once `ToastOutlet` has mounted the toaster.
 */
export function createLazyToaster(load: () => Promise<ToastModule> = () => import('./toast')) {
  let loaded: { module: ToastModule; toaster: CreateToasterReturn } | null = null
  let loading: Promise<void> | null = null
  let mounted = false
  let pending: ((toaster: CreateToasterReturn) => void)[] = []
  const listeners = new Set<() => void>()

  const flush = () => {
    if (!loaded || !mounted) return
    const calls = pending
    pending = []
    for (const call of calls) call(loaded.toaster)
  }
  const ensureLoaded = () => {
    loading ??= load().then((module) => {
      loaded = { module, toaster: module.createToaster() }
      for (const listener of listeners) listener()
    })
    return loading
  }
  const call = (show: (toaster: CreateToasterReturn) => unknown) => {
    pending.push((toaster) => void show(toaster))
    flush()
    void ensureLoaded()
  }

  const toaster: AppToaster = {
    success: (toast) => call((t) => t.success(toast)),
    info: (toast) => call((t) => t.info(toast)),
    error: (toast) => call((t) => t.error(toast)),
    dismiss: (id) => void loaded?.toaster.dismiss(id),
    visibleIds: () => loaded?.toaster.getVisibleToasts().flatMap((toast) => (toast.id ? [toast.id] : [])) ?? [],
  }

  const subscribe = (listener: () => void) => {
    listeners.add(listener)
    return () => void listeners.delete(listener)
  }

  /** Where the toasts are drawn, once the first one was asked for; `closeLabel` names each close button. */
  function ToastOutlet({ closeLabel }: { closeLabel: string }) {
    const current = useSyncExternalStore(subscribe, () => loaded)
    useEffect(() => {
      if (!current) return
      // the toaster is mounted (its own effects ran first): what waited is shown now
      mounted = true
      flush()
      return () => {
        mounted = false
      }
    }, [current])
    return current ? <current.module.Toaster toaster={current.toaster} closeLabel={closeLabel} /> : null
  }

  return { toaster, ToastOutlet, ensureLoaded }
}
