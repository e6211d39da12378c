import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { categoriesResource, type CategoryDetail } from '../../src/contract/categories'
import { crudFormMachine } from '../../src/machines/crud-form'
import { category, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface, type WalkContext } from './walk'

/**
 * crudForm (spec sections 5, 7 and 8) walked through the category screens: the edit page (load,
 * retry, edit, save, 422 on the fields, 409 offered as a reload, leaving asks first, Back held and
 * answered by the question, a save held for an image upload), the create page, the category's view
 * (its record fetched again behind a sub-category added) and the "Add sub-category" modal.
 */

const net = createNetwork()
type Where = 'edit' | 'create' | 'view' | 'modal'
/** `sent`: the body of the last save that went out. */
type Ui = { app: App; net: Network; where: Where; sent?: Record<string, unknown> }
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof crudFormMachine.getInitialSnapshot>

const record = (version: number, name = 'Phones'): CategoryDetail => ({
  ...category({
    id: 7,
    name,
    version,
    translations: [
      { locale: 'ar', name: 'جوالات', description: null },
      { locale: 'en', name, description: null },
    ],
  }),
  sub_categories: [],
})

const loaded = record(3)
/** Saved meanwhile by someone else: the English name (which the walk's edit changes too) and the Arabic description. */
const latest: CategoryDetail = {
  ...record(5, 'Mobile phones'),
  translations: [
    { locale: 'ar', name: 'جوالات', description: 'هواتف ذكية' },
    { locale: 'en', name: 'Mobile phones', description: null },
  ],
}
const saved = { message: 'Saved successfully.', result: record(4, 'Phones and tablets') }
const down = { status: 500, message: 'The server is down.', errors: {} }
const invalid = { status: 422, message: 'Some fields need your attention.', errors: { name_en: ['This name is taken.'] } }
const stale = { status: 409, message: 'Someone saved this category meanwhile.', errors: {} }
const STORED = 'f0e1d2c3-b4a5-4697-8899-aabbccddeeff.png'
const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' })

const one = { method: 'GET', path: 'admin-panal/categories/7' }
const writes = { path: /^admin-panal\/categories(\/7)?$/ }
const upload = { method: 'POST', path: 'admin-panal/uploads/images' }

const loadEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadRecord', output: loaded },
  { type: 'xstate.error.actor.loadRecord', error: down },
  { type: 'form.retry' },
]
const editEvents: AnyEventObject[] = [
  { type: 'form.changed', dirty: true },
  { type: 'form.changed', dirty: false },
  { type: 'form.submit', values: {} },
  { type: 'xstate.done.actor.saveRecord', output: saved },
  { type: 'xstate.error.actor.saveRecord', error: invalid },
  { type: 'xstate.error.actor.saveRecord', error: stale },
  { type: 'xstate.error.actor.saveRecord', error: down },
  { type: 'form.dismiss' },
  { type: 'form.leaveRequested' },
  { type: 'form.leaveConfirmed' },
  { type: 'form.leaveCancelled' },
]
/** A stale edit: the record saved meanwhile is fetched, compared and saved over field by field. */
const conflictEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadLatest', output: latest },
  { type: 'xstate.error.actor.loadLatest', error: down },
  { type: 'form.conflictResolved', theirs: [] },
  { type: 'form.conflictResolved', theirs: ['name_en'] },
]
const pageEvents: AnyEventObject[] = [
  { type: 'form.reload' },
  { type: 'form.navigationBlocked' },
  { type: 'form.uploadStarted', field: 'image' },
  { type: 'form.uploadFinished', field: 'image', value: STORED },
  { type: 'form.uploadStopped', field: 'image' },
]

const at = (s: S, ...states: string[]) => states.some((state) => s.matches(state as never))
const failureShown = (s: S) => at(s, 'editing') && s.context.failure !== null && s.context.failure.status !== 422

/** What a screen offers in each state: a user cannot click what is not on the screen, nor behind a dialog. */
const offered = (where: Where) => (s: S, e: AnyEventObject) => {
  const { dirty, uploading } = s.context
  const create = where === 'create' || where === 'modal'
  if (failureShown(s) && e.type !== 'form.dismiss' && e.type !== 'form.navigationBlocked') return false
  switch (e.type) {
    case 'form.changed':
      return at(s, 'editing') && uploading.length === 0 && e.dirty !== dirty
    case 'form.submit':
      // an empty new record does not pass the contract's rules: nothing is sent
      return at(s, 'editing') && (dirty || !create)
    case 'form.dismiss':
      return failureShown(s)
    case 'form.reload':
      return where === 'view' ? at(s, 'editing') : at(s, 'conflict')
    case 'form.leaveRequested':
      // the modal: Escape reaching it while its question is open; the page: Cancel, Back on a failed load, Leave on a conflict
      if (where === 'modal') return at(s, 'editing', 'confirmingLeave')
      return at(s, 'editing', 'conflict', 'awaitingUploads', 'loadFailed')
    case 'form.uploadStarted':
      return at(s, 'editing') && uploading.length === 0 && !dirty
    case 'form.uploadFinished':
    case 'form.uploadStopped':
      return uploading.length > 0 && at(s, 'editing', 'awaitingUploads')
    case 'form.navigationBlocked':
      // Back, from any screen of the form
      return !(at(s, 'confirmingLeave') && s.context.navigationHeld)
    default:
      return true
  }
}
const vertex = (s: S) => [s.context.dirty, s.context.uploading.length, s.context.failure?.status ?? null, s.context.navigationHeld]

const nameField = (lang: 'ar' | 'en') =>
  screen.findByLabelText(lang === 'en' ? /Name \(English\)/ : /Name \(Arabic\)/) as Promise<HTMLInputElement>
const dialog = (name: string) => screen.queryByRole('alertdialog', { name })
// hidden too: the leave question, opening over it, hides it from the accessibility tree
const formModal = () => screen.queryByRole('dialog', { name: /New sub-category of Phones/, hidden: true })
const click = async (find: Promise<HTMLElement>) => fireEvent.click(await find)

/** The network answers the save with the event's output or error. */
const answerSave = async ({ ui, event }: Ctx) => {
  if (event.type.startsWith('xstate.done')) {
    const out = event.output as typeof saved
    await ui.net.answer(writes, {
      status: ui.where === 'edit' ? 200 : 201,
      body: { status: true, message: out.message, result: { item: out.result } },
    })
  } else {
    const e = event.error as typeof down
    await ui.net.answer(writes, failed(e.status, e.message, e.errors))
  }
}

const surface = (where: Where, path: string, input: unknown, events: AnyEventObject[], extra: Partial<Surface<Ui>> = {}): Surface<Ui> => ({
  name: {
    edit: 'the edit page of a category',
    create: 'the new-category page',
    view: "a category's view",
    modal: 'the "Add sub-category" modal',
  }[where],
  input,
  events,
  when: offered(where),
  vertex,
  start: async () => {
    net.install()
    net.reset()
    if (where === 'modal') net.auto(one, () => ok({ item: loaded }))
    const app = renderApp(net, path, { before: ['/admin-panel/categories/list'] })
    if (where === 'modal') await click(screen.findByRole('button', { name: 'Add sub-category' }))
    return { app, net, where }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
  ...extra,
})

walk<Ui>({
  name: 'crudForm',
  machine: crudFormMachine,
  surfaces: [
    surface('edit', '/admin-panel/categories/edit/7', { resource: categoriesResource, id: 7 }, [
      ...loadEvents,
      ...editEvents,
      ...conflictEvents,
      ...pageEvents,
    ]),
    surface('create', '/admin-panel/categories/create', { resource: categoriesResource }, [...editEvents, ...pageEvents]),
    surface('view', '/admin-panel/categories/view/7', { resource: categoriesResource, id: 7 }, [...loadEvents, { type: 'form.reload' }], {
      pick: (actors) => actors[0],
    }),
    surface('modal', '/admin-panel/categories/view/7', { resource: categoriesResource }, editEvents),
  ],
  perform: {
    'xstate.done.actor.loadRecord': ({ ui, event }) => ui.net.answer(one, ok({ item: event.output })),
    'xstate.error.actor.loadRecord': ({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(one, failed(e.status, e.message))
    },
    'form.retry': () => click(screen.findByRole('button', { name: 'Try again!' })),
    'form.changed': async ({ ui, event }) => {
      if (ui.where === 'edit')
        return fireEvent.change(await nameField('en'), { target: { value: event.dirty ? 'Phones and tablets' : 'Phones' } })
      fireEvent.change(await nameField('ar'), { target: { value: event.dirty ? 'ساعات' : '' } })
      fireEvent.change(await nameField('en'), { target: { value: event.dirty ? 'Watches' : '' } })
    },
    'form.submit': () => click(screen.findByRole('button', { name: 'Save' })),
    'xstate.done.actor.saveRecord': answerSave,
    'xstate.error.actor.saveRecord': answerSave,
    'form.dismiss': async () => click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Try again!' })),
    'form.reload': async ({ ui }) => {
      if (ui.where !== 'view')
        return click(
          within(await screen.findByRole('alertdialog', { name: 'This record changed' })).findByRole('button', {
            name: 'Discard my changes',
          }),
        )
      // a sub-category added in the modal: the view fetches its record again behind the message
      await click(screen.findByRole('button', { name: 'Add sub-category' }))
      fireEvent.change(await nameField('ar'), { target: { value: 'ساعات' } })
      fireEvent.change(await nameField('en'), { target: { value: 'Watches' } })
      await click(within(await screen.findByRole('dialog')).findByRole('button', { name: 'Save' }))
      await ui.net.answer(
        { method: 'POST', path: 'admin-panal/categories' },
        { status: 201, body: { status: true, message: 'Created.', result: { item: record(1, 'Watches') } } },
      )
    },
    'form.leaveRequested': async ({ ui, actor }) => {
      const s = actor().getSnapshot() as S
      if (ui.where === 'modal') {
        const modal = formModal()
        if (!modal) throw new Error('the form modal is not open')
        // with the question open: a click on the modal's close button that landed before the
        // question covered it (the race a quick second Escape or click makes)
        if (s.matches('confirmingLeave')) return fireEvent.click(within(modal).getByRole('button', { name: 'Close', hidden: true }))
        return fireEvent.keyDown(modal, { key: 'Escape' })
      }
      if (s.matches('conflict')) return click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Leave' }))
      if (s.matches('loadFailed')) return click(screen.findByRole('button', { name: 'Back' }))
      return click(screen.findByRole('button', { name: 'Cancel' }))
    },
    'form.leaveConfirmed': async () =>
      click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).findByRole('button', { name: 'Leave' })),
    'form.leaveCancelled': async () =>
      click(within(await screen.findByRole('alertdialog', { name: 'Leave without saving?' })).findByRole('button', { name: 'Stay' })),
    'form.navigationBlocked': ({ ui }) => act(() => ui.app.router.navigate(-1)),
    'xstate.done.actor.loadLatest': ({ ui, event }) => ui.net.answer(one, ok({ item: event.output })),
    'xstate.error.actor.loadLatest': ({ ui, event }) => {
      const e = event.error as typeof down
      return ui.net.answer(one, failed(e.status, e.message))
    },
    'form.conflictResolved': async ({ event }) => {
      const d = await screen.findByRole('alertdialog', { name: 'This record changed' })
      for (const field of event.theirs as string[]) {
        const label = { name_en: 'Name (English)' }[field] ?? field
        // a field only one side changed offers no choice
        const group = within(d).queryByRole('group', { name: label })
        if (group) fireEvent.click(within(group).getByRole('radio', { name: /Saved meanwhile/ }))
      }
      return click(within(d).findByRole('button', { name: 'Save with these values' }))
    },
    'form.uploadStarted': async () => fireEvent.input(await screen.findByTestId('image-file'), { target: { files: [PNG] } }),
    'form.uploadFinished': ({ ui, event }) => {
      const path = event.value as string
      return ui.net.answer(upload, {
        status: 201,
        body: { status: true, message: '', result: { path, url: `/api/uploads/${path}`, size: 4, type: 'image/png' } },
      })
    },
    'form.uploadStopped': ({ ui }) =>
      ui.net.answer(upload, failed(415, 'Only png, jpg, jpeg or webp images.', { file: ['Only png, jpg, jpeg or webp images.'] })),
  },
  states: {
    loading: ({ ui }) => {
      if (ui.where === 'view' && screen.queryByRole('heading', { name: 'Phones', hidden: true })) {
        // fetched again: the record stays on screen, marked busy
        expect(screen.getByRole('heading', { name: 'Phones', hidden: true }).closest('[aria-busy]')).toBeTruthy()
        return
      }
      expect(screen.getByRole('status').textContent).toBe('Loading…')
      expect(screen.queryByRole('button', { name: 'Save' })).toBeNull()
    },
    loadFailed: ({ ui }) => {
      expect(screen.getByText('The server is down.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      if (ui.where === 'edit') expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
    },
    editing: ({ ui }) => {
      if (ui.where === 'view') {
        expect(screen.getByRole('heading', { name: 'Phones', hidden: true })).toBeTruthy()
        expect(screen.getByRole('heading', { name: 'Phones', hidden: true }).closest('[aria-busy]')).toBeNull()
        return
      }
      // hidden too: an error dialog (loaded on first use) may be covering the form
      const saveButton = screen.getByRole('button', { name: 'Save', hidden: true }) as HTMLButtonElement
      expect(saveButton.disabled).toBe(false)
      expect(dialog('Leave without saving?')).toBeNull()
      expect(dialog('This record changed')).toBeNull()
    },
    submitting: () => {
      expect(screen.getByRole('button', { name: /Saving/ }).getAttribute('aria-busy')).toBe('true')
    },
    awaitingUploads: async () => {
      expect(screen.getByRole('button', { name: /Waiting for the image to upload/ })).toBeTruthy()
      expect((await nameField('en')).closest('fieldset')?.disabled).toBe(true)
    },
    conflict: () => {
      expect(screen.getByRole('alertdialog', { name: 'This record changed' })).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Discard my changes' })).toBeTruthy()
    },
    'conflict.fetching': () => {
      expect(screen.getByRole('status').textContent).toBe('Fetching the record as saved…')
      expect((screen.getByRole('button', { name: 'Save with these values' }) as HTMLButtonElement).disabled).toBe(true)
    },
    'conflict.fetchFailed': () => {
      expect(within(screen.getByRole('alert')).getByText('The server is down.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
    },
    'conflict.comparing': ({ ui }) => {
      const d = screen.getByRole('alertdialog', { name: 'This record changed' })
      // the English name: changed here and there, differently: both values side by side, "yours" chosen
      if (ui.sent?.name_en === 'Phones and tablets') {
        const field = within(d).getByRole('group', { name: 'Name (English)' })
        expect((within(field).getByRole('radio', { name: /Yours\s*Phones and tablets/ }) as HTMLInputElement).checked).toBe(true)
        expect(within(field).getByRole('radio', { name: /Saved meanwhile\s*Mobile phones/ })).toBeTruthy()
      } else expect(within(d).getByText('Their changes are in fields you did not change: saving keeps both.')).toBeTruthy()
      // the Arabic description was changed there only: no choice to make
      expect(within(d).queryByRole('group', { name: 'Description (Arabic)' })).toBeNull()
    },
    confirmingLeave: () => {
      expect(screen.getByRole('alertdialog', { name: 'Leave without saving?' })).toBeTruthy()
    },
    saved: ({ ui }) => {
      if (ui.where === 'modal') {
        // the modal closes and a toast says so, as every save does
        expect(formModal()).toBeNull()
        expect(screen.getByText('Saved successfully.')).toBeTruthy()
        return
      }
      expect(ui.app.router.state.location.pathname).toBe('/admin-panel/categories/view/7')
      expect(screen.getByText('Saved successfully.')).toBeTruthy()
    },
    left: ({ ui }) => {
      if (ui.where === 'modal') return expect(formModal()).toBeNull()
      expect(ui.app.router.state.location.pathname).toBe('/admin-panel/categories/list')
    },
  },
  after: {
    'form.submit': async ({ ui, actor }) => {
      // a save goes out with the version the record was loaded at; one pressed during an upload waits for it
      if ((actor().getSnapshot() as S).matches('awaitingUploads'))
        return expect(ui.net.waiting().filter((r) => r.method !== 'GET' && r.path !== upload.path)).toEqual([])
      const request = await ui.net.next(writes)
      ui.sent = request.body as Record<string, unknown>
      if (ui.where === 'edit') {
        expect(request.method).toBe('PUT')
        expect(request.body).toMatchObject({ name_ar: 'جوالات', version: 3 })
      } else {
        expect(request.method).toBe('POST')
        expect(request.body).toMatchObject({ name_ar: 'ساعات', name_en: 'Watches' })
        expect(request.body).not.toHaveProperty('version')
        if (ui.where === 'modal') expect(request.body).toMatchObject({ parent_id: 7 })
      }
    },
    'form.uploadFinished': async ({ ui, actor, event }) => {
      // a held save goes out with the stored image
      if (!(actor().getSnapshot() as S).matches('submitting')) return
      expect((await ui.net.next(writes)).body).toMatchObject({ image: event.value })
    },
    'xstate.error.actor.saveRecord': ({ ui, event }) => {
      const e = event.error as typeof down
      // 422: the server's messages on their fields; other failures in the error dialog
      if (e.status === 422) expect(screen.getByText('This name is taken.')).toBeTruthy()
      if (e.status === 500) expect(within(screen.getByRole('alertdialog')).getByText('The server is down.')).toBeTruthy()
      // a new record has no version: a 409 there is only a failure to show
      if (e.status === 409 && ui.where !== 'edit')
        expect(within(screen.getByRole('alertdialog')).getByText('Someone saved this category meanwhile.')).toBeTruthy()
      // 409 on an edit: the record changed meanwhile, offered as a reload
      if (e.status === 409 && ui.where === 'edit') expect(screen.getByRole('alertdialog', { name: 'This record changed' })).toBeTruthy()
    },
    'form.navigationBlocked': ({ ui, actor }) => {
      // Back either happened (nothing to lose) or is held while the question is open
      const s = actor().getSnapshot() as S
      const path = ui.app.router.state.location.pathname
      if (s.matches('left')) expect(path).toBe('/admin-panel/categories/list')
      else expect(path).not.toBe('/admin-panel/categories/list')
    },
    'form.conflictResolved': async ({ ui, event }) => {
      // saved again over the version saved meanwhile: the admin's changes, theirs elsewhere, theirs where chosen
      const request = await ui.net.next(writes)
      const mine = ui.sent?.name_en
      expect(request.method).toBe('PUT')
      expect(request.body).toMatchObject({
        version: 5,
        description_ar: 'هواتف ذكية',
        name_en: (event.theirs as string[]).includes('name_en') || mine === 'Phones' ? 'Mobile phones' : mine,
      })
      ui.sent = request.body as Record<string, unknown>
    },
    'form.leaveConfirmed': ({ ui }) =>
      ui.where === 'modal'
        ? expect(formModal()).toBeNull()
        : expect(ui.app.router.state.location.pathname).toBe('/admin-panel/categories/list'),
  },
})
