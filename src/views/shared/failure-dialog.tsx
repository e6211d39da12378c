import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'

/** The dialog code loads the first time a dialog opens, not with every screen. */
const MessageDialog = lazy(() => import('../../ui/dialog').then((m) => ({ default: m.MessageDialog })))

/** The error dialog of spec section 8: the server's translated message and "Try again!". */
export function FailureDialog({ message, onClose }: { message: string | null | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  if (message == null) return null
  return (
    <Suspense fallback={null}>
      <MessageDialog
        open
        tone="error"
        title={t('common.error')}
        message={message || t('errors.generic')}
        actionLabel={t('actions.tryAgain')}
        onClose={onClose}
      />
    </Suspense>
  )
}

/** The success dialog: a message and "Ok, got it!". */
export function SuccessDialog({ open, title, message, onClose }: { open: boolean; title?: string; message: string; onClose: () => void }) {
  const { t } = useTranslation()
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <MessageDialog
        open
        tone="success"
        title={title ?? t('common.success')}
        message={message}
        actionLabel={t('actions.ok')}
        onClose={onClose}
      />
    </Suspense>
  )
}

/** Why something cannot be done, said before it is tried: a message and "Ok, got it!". */
export function NoticeDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  if (message == null) return null
  return (
    <Suspense fallback={null}>
      <MessageDialog open tone="error" title={t('common.notPossible')} message={message} actionLabel={t('actions.ok')} onClose={onClose} />
    </Suspense>
  )
}
