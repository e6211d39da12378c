import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { adminCategoriesPath, adminUsersScreens, type AdminCategoriesResult } from '../../src/contract/admin-users'
import { adminCategoriesMachine, type AdminCategoriesSnapshot } from '../../src/machines/admin-categories'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type WalkContext } from './walk'

/**
 * adminCategories walked through `users/categories/{id}`: the admin's categories are read (a failure
 * with Try again); a sub user's are chosen in the category picker (added once, removed) and saved
 * together, Save offered only once the list changed; the saved list is the server's (with each
 * category's path); a refused save says why and keeps the choice; a primary user is shown
 * read-only, saying it is never limited.
 */

// Zag's popper (the picker's list) measures with ResizeObserver, which jsdom lacks.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = AdminCategoriesSnapshot
type Ctx = WalkContext<Ui>

const SUB_ID = 2
const PRIMARY_ID = 3
const OPTIONS = [
  { id: 10, name: 'Electronics' },
  { id: 11, name: 'Phones' },
  { id: 12, name: 'Kitchen' },
]
const PATHS: Record<number, string[]> = { 10: ['Electronics'], 11: ['Electronics', 'Phones'], 12: ['Home', 'Kitchen'] }
const withPath = (id: number) => ({ id, name: PATHS[id]!.at(-1)!, path: PATHS[id]! })
const answerOf = (adminId: number, ids: number[]): AdminCategoriesResult => ({
  admin: {
    id: adminId,
    name: adminId === SUB_ID ? 'Sami Sub' : 'Pria Primary',
    user_type: adminId === SUB_ID ? 'sub' : 'primary',
    is_self: false,
  },
  categories: ids.map(withPath),
})
const REFUSED = 'You are not allowed to do this.'
const DOWN = { status: 500, message: 'Something went wrong on our side.', errors: {} }

const load = (id: number) => ({ method: 'GET', path: adminCategoriesPath(id) })
const save = { method: 'PUT', path: adminCategoriesPath(SUB_ID) }

const subEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.load', output: answerOf(SUB_ID, [10]) },
  { type: 'xstate.error.actor.load', error: DOWN },
  { type: 'categories.retry' },
  { type: 'categories.add', category: { id: 11, name: 'Phones', path: ['Phones'] } },
  { type: 'categories.remove', id: 10 },
  { type: 'categories.save' },
  // the server keeps what it was sent; its answer names each category with its path
  { type: 'xstate.done.actor.save', output: answerOf(SUB_ID, [10, 11]) },
  { type: 'xstate.error.actor.save', error: { status: 403, message: REFUSED, errors: {} } },
]

const ctxOf = (ctx: Ctx) => (ctx.actor().getSnapshot() as S).context
const section = () => screen.getByRole('region', { name: /^Categories of / })
const picker = () => screen.queryByRole('combobox', { name: 'Choose a category', hidden: true })
const saveButton = () => within(section()).getByRole('button', { name: 'Save categories' }) as HTMLButtonElement
const listed = () =>
  within(section())
    .queryAllByRole('listitem')
    .map((li) => li.querySelector('span')?.textContent)

const surface = (name: string, adminId: number, events: AnyEventObject[]) => ({
  name,
  input: { adminId },
  events,
  // a chosen category is a disabled option, one not chosen has no Remove, Save waits for a change
  when: (s: unknown, e: AnyEventObject) => {
    const { chosen } = (s as S).context
    if (e.type === 'categories.add') return !chosen.some((c) => c.id === (e.category as { id: number }).id)
    if (e.type === 'categories.remove') return chosen.some((c) => c.id === e.id)
    if (e.type === 'categories.save') return (s as S).can({ type: 'categories.save' })
    return true
  },
  // which categories are chosen, and whether the last save said so or failed, tell states apart
  vertex: (s: unknown) => [
    (s as S).context.chosen.map((c) => c.id).join(','),
    (s as S).context.justSaved,
    (s as S).context.failure?.status ?? null,
  ],
  start: () => {
    net.install()
    net.reset()
    net.auto({ method: 'GET', path: 'core/list/categories' }, () => ok({ list: OPTIONS }))
    const app = renderApp(net, adminUsersScreens.categories(adminId))
    return { app, net }
  },
  stop: ({ app }: Ui) => {
    app.stop()
    net.uninstall()
  },
})

walk<Ui>({
  name: 'adminCategories',
  machine: adminCategoriesMachine,
  timeout: 8000,
  surfaces: [
    surface("a sub user's categories", SUB_ID, subEvents),
    surface("a primary user's categories", PRIMARY_ID, [{ type: 'xstate.done.actor.load', output: answerOf(PRIMARY_ID, []) }]),
  ],
  perform: {
    'xstate.done.actor.load': ({ ui, event }) => {
      const output = event.output as AdminCategoriesResult
      return ui.net.answer(load(output.admin.id), ok(output), 30_000)
    },
    'xstate.error.actor.load': ({ ui }) => ui.net.answer(load(SUB_ID), failed(DOWN.status, DOWN.message), 30_000),
    'categories.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'categories.add': async ({ event }) => {
      fireEvent.click(picker()!)
      fireEvent.click(await screen.findByRole('option', { name: (event.category as { name: string }).name }))
    },
    'categories.remove': ({ event }) =>
      fireEvent.click(within(section()).getByRole('button', { name: `Remove ${withPath(event.id as number).name}` })),
    'categories.save': () => fireEvent.click(saveButton()),
    'xstate.done.actor.save': ({ ui, event }) => ui.net.answer(save, ok(event.output)),
    'xstate.error.actor.save': ({ ui }) => ui.net.answer(save, failed(403, REFUSED)),
  },
  states: {
    loading: () => {
      expect(screen.queryByRole('region', { name: /^Categories of / })).toBeNull()
      expect(net.waiting().some((r) => r.method === 'GET' && r.path.startsWith('admin-panal/users/categories/'))).toBe(true)
    },
    failed: () => {
      expect(screen.getByText(DOWN.message)).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
    },
    readOnly: () => {
      expect(section()).toBeTruthy()
      expect(within(section()).getByRole('status').textContent).toBe('A primary user is never limited to categories.')
      expect(picker()).toBeNull()
      expect(within(section()).queryByRole('button', { name: 'Save categories' })).toBeNull()
      expect(screen.getByTestId('admin-categories-none')).toBeTruthy()
    },
    editing: (ctx) => {
      const { chosen, saved, justSaved, failure } = ctxOf(ctx)
      expect(section().getAttribute('aria-busy')).toBe('false')
      expect(listed()).toEqual(chosen.map((c) => c.path.join(' / ')))
      expect(picker()).toBeTruthy()
      const changed =
        chosen
          .map((c) => c.id)
          .sort()
          .join() !==
        saved
          .map((c) => c.id)
          .sort()
          .join()
      expect(saveButton().disabled).toBe(!changed)
      expect(within(section()).queryByText('The categories were saved.') !== null).toBe(justSaved)
      expect(within(section()).queryByText(REFUSED) !== null).toBe(failure?.status === 403)
    },
    saving: () => {
      expect(section().getAttribute('aria-busy')).toBe('true')
      expect(net.waiting().some((r) => r.method === 'PUT')).toBe(true)
    },
  },
  after: {
    'categories.save': async (ctx) => {
      const request = await net.next(save)
      expect(request.body).toEqual({ category_ids: ctxOf(ctx).chosen.map((c) => c.id) })
    },
    // the list is the server's: each category with its path in the tree
    'xstate.done.actor.save': (ctx) => expect(listed()).toEqual(ctxOf(ctx).chosen.map((c) => PATHS[c.id]!.join(' / '))),
  },
})
