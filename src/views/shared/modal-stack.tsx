import { useRef, type RefObject } from 'react'
import type { ActorRefFrom } from 'xstate'
import { modalStackMachine, type ModalKind } from '../../machines/modal-stack'
import { useChart } from './runtime'

export type ModalStackRef = ActorRefFrom<typeof modalStackMachine>

/**
 * A screen's modals as the modalStack chart: each modal remembers the element that opened it and
 * gives focus back to it when it closes; when that element is gone (the screen re-rendered), focus
 * goes to `fallback`.
 */
export function useModalStack(fallback: RefObject<HTMLElement | null>): ModalStackRef {
  const opener = useRef(new Map<ModalKind, Element | null>())
  return useChart(
    modalStackMachine.provide({
      actions: {
        rememberFocus: (_, { kind }) => {
          opener.current.set(kind, document.activeElement)
        },
        restoreFocus: ({ context, event }, { kind }) => {
          const el = opener.current.get(kind)
          opener.current.delete(kind)
          const remaining = event.type === 'modal.closeAll' ? 0 : context.stack.length - 1
          // once the closed dialogs have left the page (a focus trap would pull focus back until then)
          const restore = (frames: number) =>
            requestAnimationFrame(() => {
              // a dialog still open after that was opened meanwhile: it holds focus now
              if (openDialogs() > remaining) return frames > 0 ? restore(frames - 1) : undefined
              // the opener may be gone (inside a modal that closed) or be the page itself (focus was lost)
              if (el instanceof HTMLElement && el.isConnected && el !== document.body) el.focus()
              else fallback.current?.focus()
            })
          restore(60)
        },
      },
    }),
  )
}

const openDialogs = () => document.querySelectorAll('[data-scope="dialog"][data-part="content"]').length
