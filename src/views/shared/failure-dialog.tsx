import { useTranslation } from 'react-i18next'
import { MessageDialog } from '../../ui/dialog'

/** The error dialog of spec section 8: the server's translated message and "Try again!". */
export function FailureDialog({ message, onClose }: { message: string | null | undefined; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <MessageDialog
      open={message != null}
      tone="error"
      title={t('common.error')}
      message={message || t('errors.generic')}
      actionLabel={t('actions.tryAgain')}
      onClose={onClose}
    />
  )
}

/** The success dialog: a message and "Ok, got it!". */
export function SuccessDialog({ open, title, message, onClose }: { open: boolean; title?: string; message: string; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <MessageDialog open={open} tone="success" title={title ?? t('common.success')} message={message} actionLabel={t('actions.ok')} onClose={onClose} />
  )
}
