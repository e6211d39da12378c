import { assign, fromPromise, not, setup, type SnapshotFrom } from 'xstate'
import { createResource, getResource, updateResource } from '../api/resource'
import type { ResourceDef } from '../contract/resource'
import { failureOf, type Failure } from './failure'

export type FormResource = Pick<ResourceDef, 'name' | 'path'>
/** A record as the form edits it; editable records carry their `version` (409 when stale). */
export type FormValues = Record<string, unknown>

/**
 * Edit when `id` is given, else create (optionally from `initial` values). `fieldsOf` turns a
 * record into the values the form sends (default: the record as it is), so that a stale edit can
 * be compared field by field with the record saved meanwhile.
 */
export type CrudFormInput = { resource: FormResource; id?: number; initial?: FormValues; fieldsOf?: (record: FormValues) => FormValues }

/** A field both the admin and someone else changed, differently: the admin chooses which value is saved. */
export type ConflictField = { field: string; mine: unknown; theirs: unknown }

export type CrudFormContext = {
  resource: FormResource
  id: number | null
  /** The record as loaded (edit) or the initial values (create): the form's initial values. */
  record: FormValues
  /** Values of the last submit. */
  values: FormValues
  dirty: boolean
  /** Server field errors of the last submit (422), by field. */
  errors: Record<string, string[]>
  /** Failure of the last load or submit (its message is shown). */
  failure: Failure | null
  /** Server message of the last save. */
  message: string | null
  /** The leave question was raised by a navigation the app held back (a link, Back), not by Cancel. */
  navigationHeld: boolean
  /** Fields whose file is still uploading (their stored name is not known yet). */
  uploading: readonly string[]
  fieldsOf: (record: FormValues) => FormValues
  /** After a stale edit (409): the record as saved meanwhile, and the fields both sides changed. */
  latest: FormValues | null
  conflicts: ConflictField[]
}

export type CrudFormEvent =
  | { type: 'form.changed'; dirty: boolean }
  | { type: 'form.submit'; values: FormValues }
  | { type: 'form.retry' }
  | { type: 'form.reload' }
  | { type: 'form.dismiss' }
  | { type: 'form.leaveRequested' }
  | { type: 'form.leaveConfirmed' }
  | { type: 'form.leaveCancelled' }
  /** The app held back a navigation away from the form (a link, the header menu, Back). */
  | { type: 'form.navigationBlocked' }
  /** A field's file started uploading; its stored name comes with `form.uploadFinished`. */
  | { type: 'form.uploadStarted'; field: string }
  | { type: 'form.uploadFinished'; field: string; value: string }
  /** The upload failed or was given up (another file chosen, the image removed). */
  | { type: 'form.uploadStopped'; field: string }
  /** After a stale edit: save the admin's changes over the record saved meanwhile, taking the other side's value for `theirs`. */
  | { type: 'form.conflictResolved'; theirs: string[] }

export type SavedParams = { id: number | null; record: unknown; message: string }

type SaveInput = { resource: FormResource; id: number | null; values: FormValues }

/** The version an edit is sent with: the one the record was loaded at (set here only). */
export const versionOf = (record: FormValues) => (typeof record.version === 'number' ? { version: record.version } : {})

/** Empty texts, null and a missing value are the same value; anything else compares by its JSON. */
const same = (a: unknown, b: unknown) => {
  const plain = (v: unknown) => (v === '' || v === undefined ? null : v)
  return JSON.stringify(plain(a)) === JSON.stringify(plain(b))
}

/**
 * A stale edit compared field by field: `original` as the admin loaded it, `theirs` as saved
 * meanwhile, `mine` as the admin sent it. A field only one side changed needs no choice.
 */
function conflictsOf(original: FormValues, theirs: FormValues, mine: FormValues): ConflictField[] {
  return Object.keys(mine)
    .filter((field) => !same(theirs[field], original[field]) && !same(mine[field], original[field]) && !same(mine[field], theirs[field]))
    .map((field) => ({ field, mine: mine[field], theirs: theirs[field] }))
}

/**
 * What is saved over the record saved meanwhile: the admin's changes, the other side's changes to
 * fields the admin left alone, and the other side's value where the admin chose it (`takeTheirs`).
 */
function mergeOf(original: FormValues, theirs: FormValues, mine: FormValues, takeTheirs: readonly string[]): FormValues {
  return Object.fromEntries(
    Object.entries(mine).map(([field, value]) => {
      const changedThere = !same(theirs[field], original[field])
      const keepMine = !same(value, original[field]) && !takeTheirs.includes(field)
      return [field, changedThere && !keepMine ? theirs[field] : value]
    }),
  )
}

/** Stay on the form: the question closes, the changes stay, a held-back navigation is dropped. */
const stay = {
  target: 'editing',
  actions: ['stayOnForm', 'releaseNavigation'],
  description: 'The question closes, the changes stay; a held-back navigation is dropped.',
} as const

/**
 * A resource form (spec sections 5, 7 and 8): load (edit) or start empty (create), edit, submit;
 * server field errors (422) go onto their fields, a stale edit (409) is offered as a reload, and
 * leaving with unsaved changes asks first, whether by Cancel or by a navigation the app held back.
 * The app provides `onSaved` (success dialog, close the modal, reload the table), `leave` (close
 * the modal or navigate away), `proceedNavigation` / `stayOnForm` (let a held-back navigation
 * go on, or drop it) and may provide `askToLeave` (the question is raised).
 */
export const crudFormMachine = setup({
  types: {
    context: {} as CrudFormContext,
    events: {} as CrudFormEvent,
    input: {} as CrudFormInput,
  },
  actors: {
    loadRecord: fromPromise(({ input, signal }: { input: { resource: FormResource; id: number }; signal: AbortSignal }) =>
      getResource<FormValues>(input.resource.path, input.id, signal),
    ),
    /** The record as saved meanwhile, after a stale edit (given up when the admin discards or leaves). */
    loadLatest: fromPromise(({ input, signal }: { input: { resource: FormResource; id: number }; signal: AbortSignal }) =>
      getResource<FormValues>(input.resource.path, input.id, signal),
    ),
    saveRecord: fromPromise(({ input }: { input: SaveInput }) =>
      input.id === null
        ? createResource<unknown>(input.resource.path, input.values)
        : updateResource<unknown>(input.resource.path, input.id, input.values),
    ),
  },
  actions: {
    onSaved: (_, _params: SavedParams) => {},
    leave: () => {},
    proceedNavigation: () => {},
    stayOnForm: () => {},
    /** The question is raised (a modal form opens it over itself). */
    askToLeave: () => {},
    holdNavigation: assign({ navigationHeld: true }),
    releaseNavigation: assign({ navigationHeld: false }),
    setRecord: assign((_, params: { record: FormValues }) => ({ record: params.record, dirty: false, failure: null, errors: {} })),
    setDirty: assign((_, params: { dirty: boolean }) => ({ dirty: params.dirty })),
    setValues: assign((_, params: { values: FormValues }) => ({ values: params.values, errors: {}, failure: null, message: null })),
    setSaved: assign((_, params: { message: string }) => ({ message: params.message, dirty: false })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    setFieldErrors: assign((_, params: { error: unknown }) => {
      const failure = failureOf(params.error)
      return { failure, errors: failure.errors }
    }),
    dismiss: assign({ failure: null }),
    setLatest: assign(({ context }, params: { latest: FormValues }) => ({
      latest: params.latest,
      conflicts: conflictsOf(context.fieldsOf(context.record), context.fieldsOf(params.latest), context.values),
    })),
    /** The save goes out again over the record saved meanwhile (its version), with the admin's choices. */
    adoptLatest: assign(({ context }, params: { theirs: readonly string[] }) => {
      const latest = context.latest ?? context.record
      return {
        values: mergeOf(context.fieldsOf(context.record), context.fieldsOf(latest), context.values, params.theirs),
        record: latest,
        latest: null,
        conflicts: [],
        failure: null,
      }
    }),
    startUpload: assign(({ context }, params: { field: string }) => ({
      uploading: context.uploading.includes(params.field) ? context.uploading : [...context.uploading, params.field],
    })),
    endUpload: assign(({ context }, params: { field: string }) => ({ uploading: context.uploading.filter((f) => f !== params.field) })),
    /** The held save goes out with the uploaded file's stored name. */
    takeUpload: assign(({ context }, params: { field: string; value: string }) => ({
      values: { ...context.values, [params.field]: params.value },
    })),
  },
  guards: {
    isEdit: ({ context }) => context.id !== null,
    isDirty: ({ context }) => context.dirty,
    /** A loaded record with nothing typed over it can be fetched again without losing anything. */
    canRefresh: ({ context }) => context.id !== null && !context.dirty,
    isNavigationHeld: ({ context }) => context.navigationHeld,
    isUploading: ({ context }) => context.uploading.length > 0,
    isValidation: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
    /** A stale edit: someone saved the record since it was loaded. */
    isConflict: ({ context }, params: { error: unknown }) => context.id !== null && failureOf(params.error).status === 409,
  },
}).createMachine({
  id: 'crudForm',
  // the path player's starting data and payloads (Flows screen): states only such data reaches
  meta: {
    examples: {
      inputs: [{ resource: 'categories', id: 1 }],
      events: [
        { type: 'xstate.done.actor.loadRecord', output: { id: 1, name: 'Loaded', version: 1 } },
        { type: 'form.changed', dirty: true },
        { type: 'form.uploadStarted', field: 'image' },
        { type: 'xstate.done.actor.loadLatest', output: { id: 1, name: 'Saved meanwhile', version: 2 } },
      ],
    },
  },
  description:
    "A record's form: load, edit, save with the loaded version, server errors onto fields, a stale save compared field by field.",
  context: ({ input }) => ({
    resource: input.resource,
    id: input.id ?? null,
    record: input.initial ?? {},
    values: {},
    dirty: false,
    errors: {},
    failure: null,
    message: null,
    navigationHeld: false,
    uploading: [],
    fieldsOf: input.fieldsOf ?? ((record) => record),
    latest: null,
    conflicts: [],
  }),
  initial: 'starting',
  on: {
    'form.navigationBlocked': {
      target: '.left',
      actions: 'proceedNavigation',
      description: 'Nothing unsaved to lose here (loading, a failed load, saving): the navigation goes on and the form is left.',
    },
    'form.uploadStarted': {
      description: 'A file field started an upload.',
      actions: { type: 'startUpload', params: ({ event }) => event },
    },
    'form.uploadFinished': { description: 'A file was stored.', actions: { type: 'endUpload', params: ({ event }) => event } },
    'form.uploadStopped': {
      description: 'An upload failed or was given up.',
      actions: { type: 'endUpload', params: ({ event }) => event },
    },
  },
  states: {
    starting: {
      description: 'The form opens for a new record or an existing one.',
      always: [
        { guard: 'isEdit', target: 'loading', description: 'Edit: the record is loaded first.' },
        { target: 'editing', description: 'Create: the form starts empty (or from `initial`).' },
      ],
    },
    loading: {
      description: 'Loading flag "item": the record is fetched.',
      invoke: {
        id: 'loadRecord',
        src: 'loadRecord',
        input: ({ context }) => ({ resource: context.resource, id: context.id ?? 0 }),
        onDone: {
          target: 'editing',
          description: 'Loaded: the fields show the record.',
          actions: { type: 'setRecord', params: ({ event }) => ({ record: event.output }) },
        },
        onError: {
          target: 'loadFailed',
          description: 'Not loaded (missing, refused, offline): the failure is shown.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: {
      description: 'The record could not be loaded: the message with a retry.',
      on: {
        'form.retry': { target: 'loading', description: 'Load again.' },
        'form.leaveRequested': { target: 'left', description: 'Cancel: nothing to lose, the form is left.', actions: 'leave' },
      },
    },
    editing: {
      description: 'The admin edits; `errors` holds the server field errors of the last submit, `failure` its message.',
      on: {
        'form.changed': {
          description: 'Typing marks the form as changed (or unchanged again).',
          actions: { type: 'setDirty', params: ({ event }) => event },
        },
        'form.submit': [
          {
            guard: 'isUploading',
            target: 'awaitingUploads',
            description: 'A file is still uploading: the save waits for it instead of going without it.',
            actions: { type: 'setValues', params: ({ event }) => event },
          },
          { target: 'submitting', description: 'Save: the values are sent.', actions: { type: 'setValues', params: ({ event }) => event } },
        ],
        'form.dismiss': { actions: 'dismiss', description: 'The failure dialog was closed; field errors stay.' },
        'form.reload': {
          guard: 'canRefresh',
          target: 'loading',
          description:
            'A view fetches its record again (e.g. after adding a sub-record); the shown record stays until the new one arrives.',
        },
        'form.leaveRequested': [
          { guard: 'isDirty', target: 'confirmingLeave', description: 'Unsaved changes: ask first.' },
          { target: 'left', description: 'Cancel with nothing typed: the form is left.', actions: 'leave' },
        ],
        'form.navigationBlocked': [
          {
            guard: 'isDirty',
            target: 'confirmingLeave',
            actions: 'holdNavigation',
            description: 'A link or Back with unsaved changes: ask first.',
          },
          { target: 'left', actions: 'proceedNavigation', description: 'Nothing typed: the navigation goes on.' },
        ],
      },
    },
    awaitingUploads: {
      description: 'Save was pressed while a file uploads: the save goes out with the stored file once it is uploaded.',
      on: {
        'form.uploadFinished': {
          description: 'Its stored name joins the held save.',
          actions: [
            { type: 'takeUpload', params: ({ event }) => event },
            { type: 'endUpload', params: ({ event }) => event },
          ],
        },
        'form.uploadStopped': {
          target: 'editing',
          description: 'The upload failed or was given up: nothing is saved; the field says why.',
          actions: { type: 'endUpload', params: ({ event }) => event },
        },
        'form.leaveRequested': { target: 'confirmingLeave', description: 'The changes are not saved yet: ask first.' },
        'form.navigationBlocked': {
          target: 'confirmingLeave',
          actions: 'holdNavigation',
          description: 'The changes are not saved yet: ask first.',
        },
      },
      always: { guard: not('isUploading'), target: 'submitting', description: 'Every file is stored: the save goes out.' },
    },
    submitting: {
      description: 'Loading flag "crud": create or update (with the version it was loaded at).',
      invoke: {
        id: 'saveRecord',
        src: 'saveRecord',
        input: ({ context }) => ({
          resource: context.resource,
          id: context.id,
          values: { ...context.values, ...(context.id === null ? {} : versionOf(context.record)) },
        }),
        onDone: {
          target: 'saved',
          description: 'Saved: the message is shown and the app goes on.',
          actions: [
            { type: 'setSaved', params: ({ event }) => ({ message: event.output.message }) },
            {
              type: 'onSaved',
              params: ({ context, event }) => ({ id: context.id, record: event.output.result, message: event.output.message }),
            },
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
            description: '409: the record changed since it was loaded.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'editing',
            description: 'Another failure (offline, refused): it is shown and the values stay.',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    conflict: {
      description:
        'Stale edit: the record as saved meanwhile is fetched and compared field by field; the admin keeps their value or takes the other one per field and saves over the new version, or reloads (dropping the changes).',
      initial: 'fetching',
      on: {
        'form.reload': { target: 'loading', description: 'The record as saved meanwhile replaces the changes.' },
        'form.leaveRequested': { target: 'confirmingLeave', description: 'The changes are not saved: ask first.' },
        'form.navigationBlocked': {
          target: 'confirmingLeave',
          actions: 'holdNavigation',
          description: 'The changes are not saved: ask first.',
        },
      },
      states: {
        fetching: {
          description: 'The record as saved meanwhile is fetched.',
          invoke: {
            id: 'loadLatest',
            src: 'loadLatest',
            input: ({ context }) => ({ resource: context.resource, id: context.id ?? 0 }),
            onDone: {
              target: 'comparing',
              description: 'Fetched: the fields both sides changed are listed.',
              actions: { type: 'setLatest', params: ({ event }) => ({ latest: event.output }) },
            },
            onError: {
              target: 'fetchFailed',
              description: 'Not fetched: the failure is shown.',
              actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        fetchFailed: {
          description: 'The record as saved meanwhile could not be fetched: its message with a retry.',
          on: { 'form.retry': { target: 'fetching', description: 'Fetch again.' } },
        },
        comparing: {
          description: 'The fields both sides changed are shown side by side; fields only one side changed need no choice.',
          on: {
            'form.conflictResolved': {
              target: '#crudForm.submitting',
              description: 'A value chosen for each field: the save goes out over the new version.',
              actions: { type: 'adoptLatest', params: ({ event }) => event },
            },
          },
        },
      },
    },
    confirmingLeave: {
      description: 'Unsaved changes: the view asks whether to leave them (the question replaces a failure message; field errors stay).',
      entry: ['dismiss', 'askToLeave'],
      on: {
        'form.leaveConfirmed': [
          { guard: 'isNavigationHeld', target: 'left', actions: 'proceedNavigation', description: 'The held-back navigation goes on.' },
          { target: 'left', description: 'Leave: the changes are dropped and the form is left.', actions: 'leave' },
        ],
        'form.leaveCancelled': stay,
        'form.leaveRequested': {
          ...stay,
          description:
            "Escape meant for the question reached the form's modal before the question took the keyboard (pressed twice quickly): it closes the question, as Stay does.",
        },
        'form.navigationBlocked': {
          description: 'A second navigation while the question is open: the question answers for it too.',
          actions: 'holdNavigation',
        },
      },
    },
    saved: { type: 'final', description: 'Saved; `message` holds the server message and the app goes on (`onSaved`).' },
    left: { type: 'final', description: 'The form was left.' },
  },
})

export type CrudFormSnapshot = SnapshotFrom<typeof crudFormMachine>

/** A navigation the form was told of is held back, waiting for the question's answer. */
export const isNavigationHeld = (s: CrudFormSnapshot) => s.status === 'active' && s.context.navigationHeld
/** Leaving now would lose typed changes: the app holds navigations back while this is true. */
export const holdsUnsavedChanges = (s: CrudFormSnapshot) =>
  s.context.dirty && (s.matches('editing') || s.matches('conflict') || s.matches('confirmingLeave') || s.matches('awaitingUploads'))

/** The record loaded last, kept while it is fetched again; null before the first load. */
export const shownRecord = (s: CrudFormSnapshot): FormValues | null =>
  s.context.id !== null && Object.keys(s.context.record).length > 0 ? s.context.record : null

/** The loading flags of spec section 4 a form has: item (loading the record), crud (saving, or holding a save for an upload). */
export const formLoadingFlags = (s: CrudFormSnapshot) => ({
  item: s.matches('loading'),
  crud: s.matches('submitting') || s.matches('awaitingUploads'),
})
/** A save waits for a file to finish uploading. */
export const isAwaitingUploads = (s: CrudFormSnapshot) => s.matches('awaitingUploads')
/** The form's initial values: the loaded record (edit) or the initial values (create). */
export const initialValuesOf = (s: CrudFormSnapshot) => s.context.record
/** The message of the failure to show, or null. */
export const formFailure = (s: CrudFormSnapshot) => s.context.failure

/** The stale-edit question: null when there is none, else what it shows. */
export const conflictOf = (s: CrudFormSnapshot) =>
  s.matches('conflict')
    ? {
        fetching: s.matches({ conflict: 'fetching' }),
        /** The failure of fetching the record saved meanwhile. */
        fetchFailure: s.matches({ conflict: 'fetchFailed' }) ? s.context.failure : null,
        conflicts: s.context.conflicts,
      }
    : null
