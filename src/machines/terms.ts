import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchTerms, saveTerms } from '../api/terms'
import type { TermsBody, TermsCondition } from '../contract/terms'
import { failureOf, type Failure } from './failure'

export type TermsValues = { terms_ar: string; terms_en: string }

export type TermsContext = {
  /** The stored record; null before the first save. */
  record: TermsCondition | null
  /** Server field errors of the last save (422), by field. */
  errors: Record<string, string[]>
  /** Failure of the last load or save. */
  failure: Failure | null
  /** The texts differ from the stored ones (reported by the form). */
  dirty: boolean
}

export type TermsEvent =
  | { type: 'terms.save'; values: TermsValues }
  | { type: 'terms.retry' }
  | { type: 'terms.reload' }
  | { type: 'terms.dismiss' }
  | { type: 'terms.changed'; dirty: boolean }
  /** The app held back a navigation away from the page (a link, the header menu, Back). */
  | { type: 'terms.navigationBlocked' }
  | { type: 'terms.leaveConfirmed' }
  | { type: 'terms.leaveCancelled' }

type SaveOutput = { message: string; record: TermsCondition }

/**
 * The terms and conditions (one record, no id): load, edit, save with the version it was loaded
 * at. Field errors (422) go onto their fields, a stale save (409) is offered as a reload, other
 * failures are shown and the text stays as typed. Leaving the page (a link, the menu, Back) with
 * unsaved changes asks first; the app provides `proceedNavigation` / `stayOnForm` to let the
 * held-back navigation go or drop it.
 */
export const termsMachine = setup({
  types: {
    context: {} as TermsContext,
    events: {} as TermsEvent,
  },
  actors: {
    loadTerms: fromPromise(() => fetchTerms()),
    saveTerms: fromPromise(({ input }: { input: TermsBody }) => saveTerms(input)),
  },
  actions: {
    proceedNavigation: () => {},
    stayOnForm: () => {},
    /** The texts were saved: the app confirms it with the server's message (a toast, as every save). */
    onSaved: (_, _params: { message: string }) => {},
    setRecord: assign((_, params: { record: TermsCondition | null }) => ({
      record: params.record,
      failure: null,
      errors: {},
      dirty: false,
    })),
    setSaved: assign((_, params: SaveOutput) => ({
      record: params.record,
      failure: null,
      errors: {},
      dirty: false,
    })),
    setDirty: assign((_, params: { dirty: boolean }) => ({ dirty: params.dirty })),
    clearMessages: assign({ failure: null, errors: {} }),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setFieldErrors: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { failure, errors: failure.errors }
    }),
    dismiss: assign({ failure: null }),
  },
  guards: {
    isDirty: ({ context }) => context.dirty,
    isValidation: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
    isConflict: (_, params: { error: unknown }) => failureOf(params.error).status === 409,
  },
}).createMachine({
  id: 'terms',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      events: [{ type: 'terms.changed', dirty: true }],
    },
  },
  description: 'The terms and conditions page: load, edit both languages, save with the loaded version.',
  context: { record: null, errors: {}, failure: null, dirty: false },
  initial: 'loading',
  on: {
    'terms.navigationBlocked': {
      target: '.left',
      actions: 'proceedNavigation',
      description: 'Nothing typed to lose here (loading, a failed load, saving): the navigation goes on and the page is left.',
    },
  },
  states: {
    loading: {
      description: 'The stored terms are fetched.',
      invoke: {
        id: 'loadTerms',
        src: 'loadTerms',
        onDone: {
          target: 'editing',
          description: 'Loaded: both texts are shown for editing.',
          actions: { type: 'setRecord', params: ({ event }) => ({ record: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'Not loaded: the failure is shown.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The terms could not be loaded: the message with a retry.',
      on: { 'terms.retry': { target: 'loading', description: 'Load again.' } },
    },
    editing: {
      description: 'The admin edits both texts.',
      on: {
        'terms.save': { target: 'saving', description: 'The admin saves both texts.', actions: 'clearMessages' },
        'terms.dismiss': { actions: 'dismiss', description: 'The failure dialog was closed; field errors stay.' },
        'terms.changed': {
          description: 'Typing marks the page as changed (or unchanged again).',
          actions: { type: 'setDirty', params: ({ event }) => event },
        },
        'terms.navigationBlocked': [
          { guard: 'isDirty', target: 'confirmingLeave', description: 'The changes are not saved: ask first.' },
          { target: 'left', actions: 'proceedNavigation', description: 'Nothing typed: the navigation goes on.' },
        ],
      },
    },
    saving: {
      description: 'The texts are saved with the version they were loaded at.',
      invoke: {
        id: 'saveTerms',
        src: 'saveTerms',
        input: ({ context, event }) => ({
          ...(event.type === 'terms.save' ? event.values : { terms_ar: '', terms_en: '' }),
          ...(context.record ? { version: context.record.version } : {}),
        }),
        onDone: {
          target: 'editing',
          description: 'Saved: the new version is kept and a confirmation shown.',
          actions: [
            { type: 'setSaved', params: ({ event }) => event.output },
            { type: 'onSaved', params: ({ event }) => ({ message: event.output.message }) },
          ],
        },
        onError: [
          {
            guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
            target: 'editing',
            description: '422: the messages go onto their fields.',
            actions: { type: 'setFieldErrors', params: ({ event }) => ({ error: event.error }) },
          },
          {
            guard: { type: 'isConflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            description: '409: someone saved the terms since they were loaded.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            description: 'Another failure (offline, refused): it is shown and the texts stay.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    conflict: {
      description: 'Stale save: the server message with a reload (which drops the changes) or going on editing.',
      on: {
        'terms.reload': {
          target: 'loading',
          description: "Reload the stored terms, dropping this page's changes.",
          actions: 'clearMessages',
        },
        'terms.dismiss': { target: 'editing', description: 'Go on editing the texts as typed.', actions: 'dismiss' },
        'terms.navigationBlocked': [
          { guard: 'isDirty', target: 'confirmingLeave', description: 'The changes were not saved: ask first.' },
          { target: 'left', actions: 'proceedNavigation', description: 'Nothing typed: the navigation goes on.' },
        ],
      },
    },
    confirmingLeave: {
      description: 'Unsaved changes and a navigation held back: the page asks whether to leave them.',
      on: {
        'terms.leaveConfirmed': { target: 'left', actions: 'proceedNavigation', description: 'The held-back navigation goes on.' },
        'terms.leaveCancelled': {
          target: 'editing',
          actions: ['stayOnForm', 'dismiss'],
          description: 'The question closes, the changes stay; the navigation is dropped.',
        },
        'terms.navigationBlocked': { description: 'A second navigation while the question is open: the question answers for it too.' },
      },
    },
    left: { type: 'final', description: 'The page was left.' },
  },
})

export type TermsSnapshot = SnapshotFrom<typeof termsMachine>

/** What the terms screen shows of its chart. */
export const termsViewOf = (s: TermsSnapshot) => ({
  loading: s.matches('loading'),
  /** The load failed: its message ('' for none), with a retry. */
  loadFailure: s.matches('loadFailed') ? (s.context.failure?.message ?? '') : null,
  record: s.context.record,
  saving: s.matches('saving'),
  /** A stale save: the server's message ('' for none), with a reload. */
  conflict: s.matches('conflict') ? (s.context.failure?.message ?? '') : null,
  /** A failure other than field errors (those are shown on their fields). */
  failure: s.matches('editing') && s.context.failure && s.context.failure.status !== 422 ? s.context.failure.message : null,
  errors: s.context.errors,
  confirmingLeave: s.matches('confirmingLeave'),
})

/** A navigation the page was told of is held back, waiting for the question's answer. */
export const isTermsNavigationHeld = (s: TermsSnapshot) => s.status === 'active' && s.matches('confirmingLeave')
/** Leaving now would lose typed changes (the tab's own question on close or reload). */
export const termsHoldUnsavedChanges = (s: TermsSnapshot) =>
  s.context.dirty && (s.matches('editing') || s.matches('conflict') || s.matches('confirmingLeave'))
