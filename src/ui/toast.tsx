import { Toast, Toaster as ArkToaster, createToaster as arkCreateToaster, type CreateToasterReturn } from '@ark-ui/react/toast'
import { Portal } from '@ark-ui/react/portal'
import { cx, sva } from 'styled-system/css'
import { iconButtonRecipe } from './button'
import { AlertIcon, CheckCircleIcon, CloseIcon } from './icons'

type ArkToasterStore = CreateToasterReturn

/**
 * One toaster per app: `toaster.success({ title, description })` / `toaster.info(...)` / `toaster.error(...)`. Placed at
 * the bottom inline end (clear of the header; Zag mirrors it with the document direction), at most
 * three at once (more wait their turn).
 */
export function createToaster(
  options: { placement?: 'top-end' | 'top-start' | 'bottom-end' | 'bottom-start'; duration?: number; max?: number } = {},
): ArkToasterStore {
  return arkCreateToaster({
    placement: options.placement ?? 'bottom-end',
    duration: options.duration ?? 5000,
    max: options.max ?? 3,
    overlap: false,
    gap: 12,
  })
}

const toastRecipe = sva({
  slots: ['root', 'icon', 'body', 'title', 'description', 'close'],
  base: {
    root: {
      display: 'flex',
      alignItems: 'flex-start',
      gap: '3',
      w: 'min(24rem, calc(100vw - 2rem))',
      p: '4',
      borderRadius: 'xl',
      bg: 'bg.surface',
      boxShadow: 'lg',
      borderWidth: '1px',
      borderColor: 'border.default',
      borderInlineStartWidth: '4px',
      translate: 'var(--x) var(--y)',
      scale: 'var(--scale)',
      zIndex: 'var(--z-index)',
      height: 'var(--height)',
      opacity: 'var(--opacity)',
      willChange: 'translate, opacity, scale',
      pointerEvents: 'auto',
      transition: 'translate 300ms, scale 300ms, opacity 300ms, height 300ms',
      '&[data-type=success]': { borderInlineStartColor: 'green.600' },
      '&[data-type=error]': { borderInlineStartColor: 'red.600' },
      '&[data-type=info]': { borderInlineStartColor: 'primary.600' },
    },
    icon: {
      flexShrink: 0,
      mt: '0.5',
      '[data-type=success] &': { color: 'green.600' },
      '[data-type=error] &': { color: 'red.600' },
      '[data-type=info] &': { color: 'primary.600' },
    },
    body: { flex: '1', minW: '0', display: 'flex', flexDir: 'column', gap: '0.5', textAlign: 'start' },
    title: { fontWeight: '600', fontSize: 'sm', color: 'fg.default' },
    description: { fontSize: 'sm', color: 'fg.muted' },
    close: { flexShrink: 0 },
  },
})

/** Renders the toasts of `toaster`; `closeLabel` names each toast's close button. */
export function Toaster({ toaster, closeLabel }: { toaster: ArkToasterStore; closeLabel: string }) {
  const s = toastRecipe()
  return (
    <Portal>
      <ArkToaster toaster={toaster}>
        {(toast) => (
          <Toast.Root className={s.root}>
            <span className={s.icon}>{toast.type === 'error' ? <AlertIcon /> : <CheckCircleIcon />}</span>
            <div className={s.body}>
              {toast.title ? <Toast.Title className={s.title}>{toast.title}</Toast.Title> : null}
              {toast.description ? <Toast.Description className={s.description}>{toast.description}</Toast.Description> : null}
            </div>
            <Toast.CloseTrigger className={cx(iconButtonRecipe({ size: 'sm' }), s.close)} aria-label={closeLabel}>
              <CloseIcon width={16} height={16} />
            </Toast.CloseTrigger>
          </Toast.Root>
        )}
      </ArkToaster>
    </Portal>
  )
}
