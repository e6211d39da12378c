import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Button } from './button'
import { AlertIcon, CheckCircleIcon } from './icons'

export const dialogStyles = {
  backdrop: css({ position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.45)', zIndex: 1300 }),
  positioner: css({ position: 'fixed', inset: '0', display: 'grid', placeItems: 'center', p: '4', zIndex: 1400 }),
  content: css({
    bg: 'bg.surface',
    borderRadius: '2xl',
    boxShadow: '2xl',
    w: 'full',
    maxW: 'md',
    p: '6',
    display: 'flex',
    flexDir: 'column',
    gap: '3',
    alignItems: 'center',
    textAlign: 'center',
    outline: 'none',
  }),
  title: css({ fontSize: 'lg', fontWeight: '700' }),
  description: css({ color: 'fg.muted', fontSize: 'sm', whiteSpace: 'pre-line' }),
}

const iconWrap = css({ w: '14', h: '14', borderRadius: 'full', display: 'grid', placeItems: 'center' })

/** The error and success dialogs of spec section 8: a message and one action button. */
export function MessageDialog({
  open,
  tone,
  title,
  message,
  actionLabel,
  onClose,
  children,
}: {
  open: boolean
  tone: 'error' | 'success'
  title: string
  message: ReactNode
  actionLabel: string
  onClose: () => void
  children?: ReactNode
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onClose())}
      role={tone === 'error' ? 'alertdialog' : 'dialog'}
      // a message closes by its own button or Escape only: a dialog that was closing as it opened (a
      // delete's question, refused by the server) must not take it along when it leaves
      closeOnInteractOutside={false}
      onRequestDismiss={(event) => event.preventDefault()}
    >
      <Portal>
        <Dialog.Backdrop className={dialogStyles.backdrop} />
        <Dialog.Positioner className={dialogStyles.positioner}>
          <Dialog.Content className={dialogStyles.content} data-tone={tone}>
            <span
              className={cx(
                iconWrap,
                tone === 'error' ? css({ bg: 'danger.bg', color: 'danger.fg' }) : css({ bg: 'success.bg', color: 'success.fg' }),
              )}
            >
              {tone === 'error' ? <AlertIcon width={28} height={28} /> : <CheckCircleIcon width={28} height={28} />}
            </span>
            <Dialog.Title className={dialogStyles.title}>{title}</Dialog.Title>
            <Dialog.Description className={dialogStyles.description}>{message}</Dialog.Description>
            {children}
            <Dialog.CloseTrigger asChild>
              <Button variant={tone === 'error' ? 'danger' : 'solid'} block>
                {actionLabel}
              </Button>
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
