import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import { useRef, type ReactNode } from 'react'
import { css, cx, sva } from 'styled-system/css'
import { Button, iconButtonRecipe } from './button'
import { AlertIcon, CloseIcon } from './icons'

const modalRecipe = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'description', 'close', 'body', 'footer'],
  base: {
    // same layer as the positioners: a dialog opened over another dims it (later in the page paints above)
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.45)', zIndex: 1400 },
    positioner: {
      position: 'fixed',
      inset: '0',
      display: 'flex',
      alignItems: 'flex-start',
      justifyContent: 'center',
      p: '4',
      pt: '10vh',
      zIndex: 1400,
      overflowY: 'auto',
    },
    content: {
      position: 'relative',
      bg: 'bg.surface',
      borderRadius: '2xl',
      boxShadow: '2xl',
      w: 'full',
      maxH: 'calc(100dvh - 12vh)',
      display: 'flex',
      flexDir: 'column',
      outline: 'none',
      textAlign: 'start',
    },
    header: { display: 'flex', alignItems: 'flex-start', gap: '3', px: '6', pt: '5', pb: '3' },
    title: { fontSize: 'lg', fontWeight: '700', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted', mt: '1' },
    close: { ms: 'auto', flexShrink: 0 },
    body: { px: '6', py: '2', overflowY: 'auto', overflowX: 'hidden', flex: '1', minH: '0' },
    footer: { display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '2', px: '6', pt: '3', pb: '5' },
  },
  variants: {
    /** Questions sit in the middle, over whatever they ask about; forms start near the top. */
    placement: {
      top: {},
      center: { positioner: { alignItems: 'center', pt: '4' } },
    },
    size: {
      sm: { content: { maxW: 'sm' } },
      md: { content: { maxW: 'lg' } },
      lg: { content: { maxW: '3xl' } },
      xl: { content: { maxW: '5xl' } },
    },
  },
  defaultVariants: { size: 'md', placement: 'top' },
})

export type ModalProps = {
  open: boolean
  /** Called by Escape, the close button and a click outside (unless `closeOnInteractOutside` is false). */
  onClose: () => void
  title: ReactNode
  description?: ReactNode
  children?: ReactNode
  footer?: ReactNode
  /** Accessible name of the close button (e.g. "Close" / "إغلاق"). */
  closeLabel: string
  size?: 'sm' | 'md' | 'lg' | 'xl'
  role?: 'dialog' | 'alertdialog'
  closeOnInteractOutside?: boolean
  /** Where focus goes on open; Ark picks the first tabbable element otherwise. */
  initialFocusEl?: () => HTMLElement | null
  /** Where focus returns on close; Ark returns it to the element focused before opening otherwise. */
  finalFocusEl?: () => HTMLElement | null
}

/** A modal for forms and views: title, description, scrolling body and footer; focus is trapped and restored. */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  footer,
  closeLabel,
  size = 'md',
  role = 'dialog',
  closeOnInteractOutside = true,
  initialFocusEl,
  finalFocusEl,
}: ModalProps) {
  const s = modalRecipe({ size })
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open ? undefined : onClose())}
      role={role}
      lazyMount
      unmountOnExit
      closeOnInteractOutside={closeOnInteractOutside}
      initialFocusEl={initialFocusEl}
      finalFocusEl={finalFocusEl}
    >
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.content}>
            <div className={s.header}>
              <div>
                <Dialog.Title className={s.title}>{title}</Dialog.Title>
                {description ? <Dialog.Description className={s.description}>{description}</Dialog.Description> : null}
              </div>
              <Dialog.CloseTrigger className={cx(iconButtonRecipe({ size: 'md' }), s.close)} aria-label={closeLabel}>
                <CloseIcon width={18} height={18} />
              </Dialog.CloseTrigger>
            </div>
            {children ? <div className={s.body}>{children}</div> : null}
            {footer ? <div className={s.footer}>{footer}</div> : null}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

export type ConfirmDialogProps = {
  open: boolean
  title: ReactNode
  message?: ReactNode
  yesLabel: string
  noLabel: string
  onYes: () => void
  onNo: () => void
  /** While the action runs: Yes shows a spinner, both buttons and Escape are disabled. */
  busy?: boolean
  /** Text announced with the spinner while busy. */
  busyLabel?: string
  tone?: 'danger' | 'primary'
  /** A failure message from the server, shown inside the dialog. */
  error?: ReactNode
  /** Where the focus goes once it closes (by default, where it was when it opened). */
  finalFocusEl?: () => HTMLElement | null
}

/** "Are You Sure You Want To Delete?" with Yes / No; an alertdialog whose initial focus is No. */
export function ConfirmDialog({
  open,
  title,
  message,
  yesLabel,
  noLabel,
  onYes,
  onNo,
  busy,
  busyLabel,
  tone = 'danger',
  error,
  finalFocusEl,
}: ConfirmDialogProps) {
  const s = modalRecipe({ size: 'sm', placement: 'center' })
  const noButton = useRef<HTMLButtonElement>(null)
  // The Escape that asked the question (closing a form's modal) may still be on its way up when the
  // question opens: only an Escape pressed after it opened answers it.
  const openedAt = useRef(0)
  const wasOpen = useRef(false)
  if (open && !wasOpen.current) openedAt.current = performance.now()
  wasOpen.current = open
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(d) => (d.open || busy ? undefined : onNo())}
      onEscapeKeyDown={(event) => {
        if (event.timeStamp <= openedAt.current) event.preventDefault()
      }}
      role="alertdialog"
      lazyMount
      unmountOnExit
      closeOnEscape={!busy}
      closeOnInteractOutside={false}
      initialFocusEl={() => noButton.current}
      {...(finalFocusEl ? { finalFocusEl } : {})}
    >
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.content} aria-busy={busy || undefined}>
            <div className={s.header}>
              {tone === 'danger' ? (
                <span className={css({ color: 'red.600', flexShrink: 0, mt: '0.5' })}>
                  <AlertIcon width={24} height={24} />
                </span>
              ) : null}
              <div>
                <Dialog.Title className={s.title}>{title}</Dialog.Title>
                {message ? <Dialog.Description className={s.description}>{message}</Dialog.Description> : null}
              </div>
            </div>
            {error ? (
              <div className={cx(s.body, css({ color: 'danger.fg', fontSize: 'sm' }))} role="alert">
                {error}
              </div>
            ) : null}
            <div className={s.footer}>
              <Button variant="outline" onClick={onNo} disabled={busy} ref={noButton}>
                {noLabel}
              </Button>
              <Button variant={tone === 'danger' ? 'danger' : 'solid'} onClick={onYes} loading={busy} loadingText={busyLabel}>
                {yesLabel}
              </Button>
            </div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
