import { lazy, Suspense } from 'react'
import type { ConfirmDialogProps, ModalProps } from './modal'

const ModalCode = lazy(() => import('./modal').then((m) => ({ default: m.Modal })))
const ConfirmDialogCode = lazy(() => import('./modal').then((m) => ({ default: m.ConfirmDialog })))

/**
 * `Modal` for a screen that seldom opens one (a first visit should not carry the dialog's code): its
 * code loads the first time it opens, and nothing is drawn while it is closed.
 */
export function LazyModal(props: ModalProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ModalCode {...props} />
    </Suspense>
  )
}

/** `ConfirmDialog` whose code loads the first time the question is asked (see `LazyModal`). */
export function LazyConfirmDialog(props: ConfirmDialogProps) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialogCode {...props} />
    </Suspense>
  )
}
