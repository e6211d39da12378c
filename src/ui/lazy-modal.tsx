import { lazy, Suspense, useRef, useState } from 'react'
import type { ConfirmDialogProps, ModalProps } from './modal'

const ModalCode = lazy(() => import('./modal').then((m) => ({ default: m.Modal })))
const ConfirmDialogCode = lazy(() => import('./modal').then((m) => ({ default: m.ConfirmDialog })))

/**
 * Whether the dialog has been opened yet: until then nothing is drawn (and its code is not loaded);
 * from then on it stays, so closing it runs the dialog's own way out (the focus goes back where it was).
 */
function useOpenedOnce(open: boolean): { shown: boolean; opener: () => HTMLElement | null } {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  // what had the focus as it opened: the focus returns there (the dialog itself mounts later, its code loading)
  const opener = useRef<HTMLElement | null>(null)
  const wasOpen = useRef(false)
  if (open && !wasOpen.current && typeof document !== 'undefined')
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
  wasOpen.current = open
  return { shown: opened || open, opener: () => opener.current }
}

/**
 * `Modal` for a screen that seldom opens one (a first visit should not carry the dialog's code): its
 * code loads the first time it opens.
 */
export function LazyModal(props: ModalProps) {
  const { shown, opener } = useOpenedOnce(props.open)
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <ModalCode finalFocusEl={opener} {...props} />
    </Suspense>
  )
}

/** `ConfirmDialog` whose code loads the first time the question is asked (see `LazyModal`). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  const { shown, opener } = useOpenedOnce(props.open)
  if (!shown) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialogCode finalFocusEl={opener} {...props} />
    </Suspense>
  )
}
