import { assign, setup, type SnapshotFrom } from 'xstate'

/**
 * Kinds of modal: a primary (form), a secondary over it (only while a primary is open), a view
 * (read-only record) and an info dialog (success / error message).
 */
export type ModalKind = 'primary' | 'secondary' | 'view' | 'info'
export type Modal = { kind: ModalKind; payload: unknown }

export type ModalStackContext = { stack: Modal[] }
export type ModalStackEvent =
  | { type: 'modal.open'; kind: ModalKind; payload?: unknown }
  | { type: 'modal.close' }
  | { type: 'modal.closeAll' }
  /** All open modals close and this one takes their place (a save's message replaces its form). */
  | { type: 'modal.replaceAll'; kind: ModalKind; payload?: unknown }

export type ModalFocusParams = { kind: ModalKind }
export type ModalHandOverParams = { from: ModalKind; to: ModalKind }

const isOpenIn = (stack: readonly Modal[], kind: ModalKind) => stack.some((m) => m.kind === kind)
/** A kind opens once; a secondary needs an open primary. */
const canOpenOver = (stack: readonly Modal[], kind: ModalKind) =>
  !isOpenIn(stack, kind) && (kind !== 'secondary' || isOpenIn(stack, 'primary'))

/**
 * The open modals, top last. Escape maps to `modal.close`, which closes only the top one. The app
 * provides `rememberFocus` (keep the element that opened a modal), `restoreFocus` (give focus
 * back to it when that modal closes) and `handOverFocus` (a modal that takes the place of the
 * others gives focus back where the first of them was opened).
 */
export const modalStackMachine = setup({
  types: {
    context: {} as ModalStackContext,
    events: {} as ModalStackEvent,
  },
  actions: {
    rememberFocus: (_, _params: ModalFocusParams) => {},
    restoreFocus: (_, _params: ModalFocusParams) => {},
    handOverFocus: (_, _params: ModalHandOverParams) => {},
    push: assign(({ context }, params: Modal) => ({ stack: [...context.stack, params] })),
    pop: assign(({ context }) => ({ stack: context.stack.slice(0, -1) })),
    clear: assign({ stack: [] }),
  },
  guards: {
    /** A kind opens once; a secondary needs an open primary. */
    canOpen: ({ context }, params: { kind: ModalKind }) => canOpenOver(context.stack, params.kind),
    /** What takes the place of every open modal opens alone: never a secondary. */
    canOpenAlone: (_, params: { kind: ModalKind }) => canOpenOver([], params.kind),
    isLast: ({ context }) => context.stack.length === 1,
  },
}).createMachine({
  id: 'modalStack',
  description: 'The open modals, stacked: a primary, a secondary over it, a view, an info message.',
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
            { type: 'push', params: ({ event }) => ({ kind: event.kind, payload: event.payload }) },
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
            { type: 'push', params: ({ event }) => ({ kind: event.kind, payload: event.payload }) },
          ],
        },
        'modal.close': [
          {
            guard: 'isLast',
            target: 'closed',
            description: 'Escape or the close button: the last modal closes.',
            actions: [{ type: 'restoreFocus', params: ({ context }) => ({ kind: context.stack.at(-1)?.kind ?? 'primary' }) }, 'pop'],
          },
          {
            description: 'Escape or the close button: only the top modal closes.',
            actions: [{ type: 'restoreFocus', params: ({ context }) => ({ kind: context.stack.at(-1)?.kind ?? 'primary' }) }, 'pop'],
          },
        ],
        'modal.closeAll': {
          target: 'closed',
          description: 'After a save or a navigation: focus goes back to where the first modal was opened.',
          actions: [{ type: 'restoreFocus', params: ({ context }) => ({ kind: context.stack[0]?.kind ?? 'primary' }) }, 'clear'],
        },
        'modal.replaceAll': {
          guard: { type: 'canOpenAlone', params: ({ event }) => ({ kind: event.kind }) },
          description:
            'A save closes its form and its message takes the place of every modal; focus goes back where the first one was opened once the message closes.',
          actions: [
            { type: 'handOverFocus', params: ({ context, event }) => ({ from: context.stack[0]?.kind ?? 'primary', to: event.kind }) },
            'clear',
            { type: 'push', params: ({ event }) => ({ kind: event.kind, payload: event.payload }) },
          ],
        },
      },
    },
  },
})

export type ModalStackSnapshot = SnapshotFrom<typeof modalStackMachine>

/** The modal of `kind` when it is open. */
export const modalOf = (s: ModalStackSnapshot, kind: ModalKind): Modal | null => s.context.stack.find((m) => m.kind === kind) ?? null
/** A modal of `kind` is open. */
export const isModalOpen = (s: ModalStackSnapshot, kind: ModalKind) => isOpenIn(s.context.stack, kind)
/** `kind` is the top modal (only it reacts to Escape and traps focus). */
