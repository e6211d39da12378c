import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchAdminCategories, saveAdminCategories } from '../api/admin-categories'
import type { AdminCategoriesResult } from '../contract/admin-users'
import { failureOf, type Failure } from './failure'

export type AdminCategory = AdminCategoriesResult['categories'][number]
export type AdminCategoriesInput = { adminId: number }
export type AdminCategoriesContext = {
  adminId: number
  admin: AdminCategoriesResult['admin'] | null
  /** The categories as saved on the server. */
  saved: AdminCategory[]
  /** The categories as chosen on the screen. */
  chosen: AdminCategory[]
  failure: Failure | null
  /** True right after a save succeeded (the screen says so until the next change). */
  justSaved: boolean
}
export type AdminCategoriesEvent =
  | { type: 'categories.add'; category: AdminCategory }
  | { type: 'categories.remove'; id: number }
  | { type: 'categories.save' }
  | { type: 'categories.retry' }

const sameIds = (a: readonly AdminCategory[], b: readonly AdminCategory[]) =>
  a.length === b.length && a.every((c) => b.some((d) => d.id === c.id))

/**
 * The platform categories an admin is responsible for (`users/categories/{id}`): read, then chosen
 * in the category picker (added, removed), saved together; a refused save says why and keeps the
 * choice. A primary user, or the admin itself, is shown read-only.
 */
export const adminCategoriesMachine = setup({
  types: { context: {} as AdminCategoriesContext, events: {} as AdminCategoriesEvent, input: {} as AdminCategoriesInput },
  actors: {
    load: fromPromise<AdminCategoriesResult, { adminId: number }>(({ input, signal }) => fetchAdminCategories(input.adminId, signal)),
    save: fromPromise<AdminCategoriesResult, { adminId: number; ids: number[] }>(({ input }) =>
      saveAdminCategories(input.adminId, input.ids),
    ),
  },
  actions: {
    setLoaded: assign((_, params: { result: AdminCategoriesResult }) => ({
      admin: params.result.admin,
      saved: params.result.categories,
      chosen: params.result.categories,
      failure: null,
    })),
    add: assign(({ context }, params: { category: AdminCategory }) => ({
      chosen: [...context.chosen, params.category],
      justSaved: false,
      failure: null,
    })),
    remove: assign(({ context }, params: { id: number }) => ({
      chosen: context.chosen.filter((c) => c.id !== params.id),
      justSaved: false,
      failure: null,
    })),
    setSaved: assign((_, params: { result: AdminCategoriesResult }) => ({
      saved: params.result.categories,
      chosen: params.result.categories,
      failure: null,
      justSaved: true,
    })),
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
  },
  guards: {
    /** Another admin who is a sub user: its categories can be chosen here. */
    subOfAnother: (_, params: { admin: AdminCategoriesResult['admin'] }) => params.admin.user_type === 'sub' && !params.admin.is_self,
    notChosen: ({ context }, params: { id: number }) => !context.chosen.some((c) => c.id === params.id),
    changed: ({ context }) => !sameIds(context.saved, context.chosen),
  },
}).createMachine({
  id: 'adminCategories',
  // the path player's starting data and payloads (Flows screen)
  meta: {
    examples: {
      inputs: [{ adminId: 2 }],
      events: [
        // a sub user other than oneself: its categories can be chosen
        { type: 'xstate.done.actor.load', output: { admin: { id: 2, name: 'Sara', user_type: 'sub', is_self: false }, categories: [] } },
        // a primary user (never limited): shown, read only
        {
          type: 'xstate.done.actor.load',
          output: { admin: { id: 1, name: 'Admin', user_type: 'primary', is_self: false }, categories: [] },
        },
        { type: 'categories.add', category: { id: 5, name: 'Phones', path: ['Electronics', 'Phones'] } },
      ],
    },
  },
  description: "An admin's categories: read, chosen in the category picker, saved together; a refusal says why and keeps the choice.",
  context: ({ input }) => ({ adminId: input.adminId, admin: null, saved: [], chosen: [], failure: null, justSaved: false }),
  initial: 'loading',
  states: {
    loading: {
      description: "The admin's categories are read.",
      invoke: {
        id: 'load',
        src: 'load',
        input: ({ context }) => ({ adminId: context.adminId }),
        onDone: [
          {
            guard: { type: 'subOfAnother', params: ({ event }) => ({ admin: event.output.admin }) },
            target: 'editing',
            description: 'A sub user: its categories with the picker.',
            actions: { type: 'setLoaded', params: ({ event }) => ({ result: event.output }) },
          },
          {
            target: 'readOnly',
            description: 'A primary user (never limited) or oneself: shown without the picker, and why.',
            actions: { type: 'setLoaded', params: ({ event }) => ({ result: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          description: 'Refused or offline: the message and Try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      description: 'Nothing could be read: the message and Try again.',
      on: { 'categories.retry': { target: 'loading', description: 'Try again: the categories are read again.' } },
    },
    readOnly: {
      description: 'The categories are shown; nothing can be changed here.',
    },
    editing: {
      description: 'The chosen categories are listed, each with Remove; the picker adds one; Save sends them.',
      on: {
        'categories.add': {
          guard: { type: 'notChosen', params: ({ event }) => ({ id: event.category.id }) },
          description: 'A category picked: it joins the list (once).',
          actions: { type: 'add', params: ({ event }) => ({ category: event.category }) },
        },
        'categories.remove': {
          description: 'Remove: it leaves the list.',
          actions: { type: 'remove', params: ({ event }) => ({ id: event.id }) },
        },
        'categories.save': { guard: 'changed', target: 'saving', description: 'Save, when the list changed: it is sent.' },
      },
    },
    saving: {
      description: 'The chosen categories are being saved; the list and the picker wait.',
      invoke: {
        id: 'save',
        src: 'save',
        input: ({ context }) => ({ adminId: context.adminId, ids: context.chosen.map((c) => c.id) }),
        onDone: {
          target: 'editing',
          description: 'Saved: the screen says so; the list is as the server keeps it.',
          actions: { type: 'setSaved', params: ({ event }) => ({ result: event.output }) },
        },
        onError: {
          target: 'editing',
          description: 'Refused or offline: the message; the choice stays to try again.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type AdminCategoriesSnapshot = SnapshotFrom<typeof adminCategoriesMachine>
