import { assign, setup, type SnapshotFrom } from 'xstate'

/**
 * Kinds of modal: a primary (a form) and a secondary over it (a question about the form, only while
 * the primary is open). What a save says is a toast, as everywhere, not a modal.
 */
export type ModalKind = 'primary' | 'secondary'
export type Modal = { kind: ModalKind }

export type ModalStackContext = { stack: Modal[] }
export type ModalStackEvent = { type: 'modal.open'; kind: ModalKind } | { type: 'modal.close' } | { type: 'modal.closeAll' }

export type ModalFocusParams = { kind: ModalKind }

const isOpenIn = (stack: readonly Modal[], kind: ModalKind) => stack.some((m) => m.kind === kind)
/** A kind opens once; a secondary needs an open primary. */
const canOpenOver = (stack: readonly Modal[], kind: ModalKind) =>
  !isOpenIn(stack, kind) && (kind !== 'secondary' || isOpenIn(stack, 'primary'))

/**
 * The open modals, top last. Escape maps to `modal.close`, which closes only the top one. The app
 * provides `rememberFocus` (keep the element that opened a modal) and `restoreFocus` (give focus
 * back to it when that modal closes).
 */
export const modalStackMachine = setup({
  types: {
    context: {} as ModalStackContext,
    events: {} as ModalStackEvent,
  },
  actions: {
    rememberFocus: (_, _params: ModalFocusParams) => {},
    restoreFocus: (_, _params: ModalFocusParams) => {},
    push: assign(({ context }, params: Modal) => ({ stack: [...context.stack, params] })),
    pop: assign(({ context }) => ({ stack: context.stack.slice(0, -1) })),
    clear: assign({ stack: [] }),
  },
  guards: {
    /** A kind opens once; a secondary needs an open primary. */
    canOpen: ({ context }, params: { kind: ModalKind }) => canOpenOver(context.stack, params.kind),
    /** Another modal lies under the top one (the last one closes with `modal.closeAll`). */
    hasOneUnder: ({ context }) => context.stack.length > 1,
  },
}).createMachine({
  id: 'modalStack',
  description: 'The open modals, stacked: a primary (a form) and a secondary over it (a question about the form).',
  context: { stack: [] },
  initial: 'closed',
  states: {
    closed: {
      description: 'No modal is open; a secondary is refused here.',
      on: {
        'modal.open': {
          guard: { type: 'canOpen', params: ({ event }) => ({ kind: event.kind }) },
          target: 'open',
          description: 'The first modal opens; focus moves into it.',
          actions: [
            { type: 'rememberFocus', params: ({ event }) => ({ kind: event.kind }) },
            { type: 'push', params: ({ event }) => ({ kind: event.kind }) },
          ],
        },
      },
    },
    open: {
      description: 'At least one modal is open; the top one (last of `stack`) has focus.',
      on: {
        'modal.open': {
          guard: { type: 'canOpen', params: ({ event }) => ({ kind: event.kind }) },
          description: 'Opens over the top one; a kind already open is refused.',
          actions: [
            { type: 'rememberFocus', params: ({ event }) => ({ kind: event.kind }) },
            { type: 'push', params: ({ event }) => ({ kind: event.kind }) },
          ],
        },
        'modal.close': {
          guard: 'hasOneUnder',
          description:
            'Escape, the close button or Stay on the top modal: only it closes and focus goes back to what opened it. The last one closes with closeAll (its form decides when).',
          // only a secondary lies over another modal: it is the one that closes
          actions: [{ type: 'restoreFocus', params: { kind: 'secondary' } }, 'pop'],
        },
        'modal.closeAll': {
          target: 'closed',
          description:
            'A save, leaving, or closing a clean form: every modal closes and focus goes back to where the first one was opened.',
          // the first modal is always the primary (a secondary opens only over it)
          actions: [{ type: 'restoreFocus', params: { kind: 'primary' } }, 'clear'],
        },
      },
    },
  },
})

export type ModalStackSnapshot = SnapshotFrom<typeof modalStackMachine>

/** A modal of `kind` is open. */
export const isModalOpen = (s: ModalStackSnapshot, kind: ModalKind) => isOpenIn(s.context.stack, kind)
/** `kind` is the top modal (only it reacts to Escape and traps focus). */
