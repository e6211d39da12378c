import { Dialog } from '@ark-ui/react/dialog'
import { Portal } from '@ark-ui/react/portal'
import type { ReactNode } from 'react'
import { cx, sva } from 'styled-system/css'
import { iconButtonRecipe } from './button'
import { CloseIcon } from './icons'

const drawerRecipe = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'close', 'body'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.45)', zIndex: 1400 },
    positioner: { position: 'fixed', insetBlock: '0', insetInlineStart: '0', zIndex: 1400, display: 'flex' },
    content: {
      w: 'min(20rem, 85vw)',
      h: '100dvh',
      bg: 'bg.surface',
      boxShadow: '2xl',
      display: 'flex',
      flexDir: 'column',
      outline: 'none',
      textAlign: 'start',
    },
    header: { display: 'flex', alignItems: 'center', gap: '3', px: '5', h: '16', borderBottomWidth: '1px', borderColor: 'border.default' },
    title: { fontSize: 'md', fontWeight: '700' },
    close: { ms: 'auto' },
    body: { flex: '1', overflowY: 'auto', p: '3' },
  },
})

export type DrawerProps = {
  open: boolean
  onClose: () => void
  title: ReactNode
  closeLabel: string
  children: ReactNode
}

/** A panel from the inline-start side (right in Arabic, left in English); Escape closes it and focus returns. */
export function Drawer({ open, onClose, title, closeLabel, children }: DrawerProps) {
  const s = drawerRecipe()
  return (
    <Dialog.Root open={open} onOpenChange={(d) => (d.open ? undefined : onClose())} lazyMount unmountOnExit>
      <Portal>
        <Dialog.Backdrop className={s.backdrop} />
        <Dialog.Positioner className={s.positioner}>
          <Dialog.Content className={s.content}>
            <div className={s.header}>
              <Dialog.Title className={s.title}>{title}</Dialog.Title>
              <Dialog.CloseTrigger className={cx(iconButtonRecipe({ size: 'lg' }), s.close)} aria-label={closeLabel}>
                <CloseIcon width={18} height={18} />
              </Dialog.CloseTrigger>
            </div>
            <div className={s.body}>{children}</div>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}
