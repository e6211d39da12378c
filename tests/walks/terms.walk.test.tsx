import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { termsAccess, type TermsCondition } from '../../src/contract/terms'
import { termsMachine, type TermsValues } from '../../src/machines/terms'
import { admin, renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type Surface } from './walk'

/**
 * terms (spec sections 5, 7 and 8, DOMAIN "Content") walked through /admin-panel/terms-conditions:
 * the load (a stored record, none yet, a failure with its retry), both rich texts edited and checked
 * before anything is sent, the save with the version the terms were loaded at, 422 on the fields,
 * 409 offered as a reload that drops the changes, other failures in the error dialog with the text
 * kept as typed; leaving the page (by the header's menu, or Back while a dialog covers it) goes at
 * once when nothing is typed and asks first when something is; and an admin who may only read them.
 */

const net = createNetwork()
type Fail = { status: number; message: string; errors: Record<string, string[]> }
type Ui = {
  app: App
  net: Network
  /** The version of the stored terms the screen got from the network last (undefined: none stored yet). */
  version: number | undefined
  /** What the two editors must show. */
  texts: TermsValues
  /** Saves in flight when the walk last tried to leave (a save already sent goes on). */
  savesInFlight: number
}
type S = ReturnType<typeof termsMachine.getInitialSnapshot>

const stored: TermsCondition = {
  terms_ar: '<p>الشروط والأحكام</p>',
  terms_en: '<p>The terms and conditions</p>',
  version: 3,
  updated_at: '2026-11-01T09:00:00.000Z',
}
const typed: TermsValues = { terms_ar: '<p>شروط <b>جديدة</b></p>', terms_en: '<p>New <b>terms</b></p><ul><li>one</li></ul>' }
const saved = { message: 'Saved successfully.', record: { ...typed, version: 4, updated_at: '2026-11-20T10:00:00.000Z' } }
const down: Fail = { status: 500, message: 'The server is down.', errors: {} }
const unreachable: Fail = { status: 0, message: '', errors: {} }
const invalid: Fail = {
  status: 422,
  message: 'Some fields need your attention.',
  errors: { terms_en: ['The English terms are too long.'] },
}
const stale: Fail = { status: 409, message: 'Someone saved the terms meanwhile.', errors: {} }

const terms = { path: 'admin-panal/terms-conditions' }
const DASHBOARD = '/admin-panel/dashboard'
const PAGE = '/admin-panel/terms-conditions'
const leaveQuestion = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' })
const load = { method: 'GET', path: terms.path }
const save = { method: 'POST', path: terms.path }

const loadEvents: AnyEventObject[] = [
  { type: 'xstate.done.actor.loadTerms', output: stored },
  { type: 'xstate.done.actor.loadTerms', output: null },
  { type: 'xstate.error.actor.loadTerms', error: down },
  { type: 'terms.retry' },
  { type: 'terms.navigationBlocked' },
]
const editEvents: AnyEventObject[] = [
  { type: 'terms.save', values: typed },
  { type: 'xstate.done.actor.saveTerms', output: saved },
  { type: 'xstate.error.actor.saveTerms', error: invalid },
  { type: 'xstate.error.actor.saveTerms', error: stale },
  { type: 'xstate.error.actor.saveTerms', error: down },
  { type: 'xstate.error.actor.saveTerms', error: unreachable },
  { type: 'terms.dismiss' },
  { type: 'terms.reload' },
  { type: 'terms.changed', dirty: true },
  { type: 'terms.changed', dirty: false },
  { type: 'terms.leaveConfirmed' },
  { type: 'terms.leaveCancelled' },
]

const dialogShown = (s: S) => s.matches('editing') && s.context.failure !== null && s.context.failure.status !== 422

/** What the screen offers: the error dialog covers the form, the conflict question offers Reload and Stay. */
const when = (s: S, e: AnyEventObject) => {
  switch (e.type) {
    case 'terms.changed':
      // typed over the stored texts (once saved, they are what the walk types) or typed back
      return (
        s.matches('editing') &&
        !dialogShown(s) &&
        e.dirty !== s.context.dirty &&
        (!e.dirty || s.context.record?.version !== saved.record.version)
      )
    case 'terms.save':
      // the walk saves what it typed, or presses Save on the stored texts as they are
      return s.matches('editing') && !dialogShown(s) && (s.context.dirty || s.context.record !== null)
    case 'terms.dismiss':
      return dialogShown(s) || s.matches('conflict')
    default:
      return true
  }
}

/** An editor (also while a dialog hides the page from assistive technology). */
const editor = (field: keyof TermsValues) =>
  screen.getByRole('textbox', { name: field === 'terms_ar' ? /^Terms \(Arabic\)/ : /^Terms \(English\)/, hidden: true })
/** Typing into a contentEditable in jsdom: its HTML changes, then the input event the browser would fire. */
const type = (field: keyof TermsValues, html: string) => {
  const box = editor(field)
  box.innerHTML = html
  fireEvent.input(box)
}
const click = async (find: Promise<HTMLElement>) => fireEvent.click(await find)

const answerLoad = (ui: Ui, record: TermsCondition | null) => {
  ui.version = record?.version
  ui.texts = { terms_ar: record?.terms_ar ?? '', terms_en: record?.terms_en ?? '' }
  return ui.net.answer(load, ok({ terms_condition: record }))
}
const answerFailure = (ui: Ui, match: typeof load, e: Fail) =>
  ui.net.answer(match, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))

const surface = (name: string, events: AnyEventObject[], permissions: string[]): Surface<Ui> => ({
  name,
  events,
  when: (s, e) => when(s as S, e),
  vertex: (s) => [(s as S).context.record?.version ?? null, (s as S).context.failure?.status ?? null, (s as S).context.dirty],
  start: () => {
    net.install()
    net.reset()
    const app = renderApp(net, '/admin-panel/terms-conditions', { admin: { ...admin, permissions }, before: [DASHBOARD] })
    return { app, net, version: undefined, texts: { terms_ar: '', terms_en: '' }, savesInFlight: 0 }
  },
  stop: ({ app }) => {
    app.stop()
    net.uninstall()
  },
})

walk<Ui>({
  name: 'terms',
  machine: termsMachine,
  surfaces: [
    surface('the terms page of an admin who may update them', [...loadEvents, ...editEvents], ['*']),
    surface('the terms page of an admin who may only read them', loadEvents, [termsAccess.can.view]),
  ],
  perform: {
    'xstate.done.actor.loadTerms': ({ ui, event }) => answerLoad(ui, event.output as TermsCondition | null),
    'xstate.error.actor.loadTerms': ({ ui, event }) => answerFailure(ui, load, event.error as Fail),
    'terms.retry': () => click(screen.findByRole('button', { name: 'Try again!' })),
    'terms.save': async ({ ui, event, actor }) => {
      if (!(actor().getSnapshot() as S).context.dirty) {
        // nothing typed: the stored texts go out as they are
        await click(screen.findByRole('button', { name: 'Save' }))
        return
      }
      const values = event.values as TermsValues
      // validation runs before the server: an emptied text is refused on its field, nothing is sent
      type('terms_en', '<p><br></p>')
      await click(screen.findByRole('button', { name: 'Save' }))
      expect(await screen.findAllByText('Required Field')).not.toHaveLength(0)
      expect(ui.net.waiting().filter((r) => r.method === 'POST')).toEqual([])
      type('terms_ar', values.terms_ar)
      type('terms_en', values.terms_en)
      ui.texts = values
      await click(screen.findByRole('button', { name: 'Save' }))
    },
    'xstate.done.actor.saveTerms': ({ ui, event }) => {
      const out = event.output as typeof saved
      ui.version = out.record.version
      ui.texts = { terms_ar: out.record.terms_ar, terms_en: out.record.terms_en }
      return ui.net.answer(save, ok({ terms_condition: out.record }, out.message))
    },
    'xstate.error.actor.saveTerms': ({ ui, event }) => answerFailure(ui, save, event.error as Fail),
    'terms.dismiss': async ({ actor }) => {
      if ((actor().getSnapshot() as S).matches('conflict'))
        return click(within(await screen.findByRole('alertdialog', { name: 'This record changed' })).findByRole('button', { name: 'Stay' }))
      return click(within(await screen.findByRole('alertdialog', { name: 'Error' })).findByRole('button', { name: 'Try again!' }))
    },
    'terms.reload': async () =>
      click(within(await screen.findByRole('alertdialog', { name: 'This record changed' })).findByRole('button', { name: 'Reload' })),
    'terms.changed': ({ ui, event, actor }) => {
      const record = (actor().getSnapshot() as S).context.record
      const texts = event.dirty ? typed : { terms_ar: record?.terms_ar ?? '', terms_en: record?.terms_en ?? '' }
      type('terms_ar', texts.terms_ar)
      type('terms_en', texts.terms_en)
      ui.texts = texts
    },
    'terms.navigationBlocked': ({ ui }) => {
      ui.savesInFlight = ui.net.waiting().filter((r) => r.method === 'POST').length
      // Back while a dialog covers the page; otherwise the header's menu, as an admin leaves
      if (screen.queryByRole('alertdialog')) return act(() => ui.app.router.navigate(-1))
      fireEvent.click(screen.getAllByRole('link', { name: 'Dashboard' })[0]!)
    },
    'terms.leaveConfirmed': async () => click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Leave' })),
    'terms.leaveCancelled': async () => click(within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Stay' })),
  },
  states: {
    loading: () => {
      // (a toast of an earlier save may still be on screen, a status too)
      expect(screen.getAllByRole('status').map((el) => el.textContent)).toContain('Loading…')
      expect(screen.queryByRole('textbox', { name: /^Terms/ })).toBeNull()
    },
    loadFailed: () => {
      expect(within(screen.getByRole('alert')).getByText('The server is down.')).toBeTruthy()
      expect(screen.getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(screen.queryByRole('textbox', { name: /^Terms/ })).toBeNull()
    },
    editing: ({ ui, actor }) => {
      // the editors show the stored terms, or what was typed while a save did not go through
      expect(editor('terms_ar').innerHTML).toBe(ui.texts.terms_ar)
      expect(editor('terms_en').innerHTML).toBe(ui.texts.terms_en)
      if (ui.version === undefined) expect(screen.queryByText(/^Last saved/)).toBeNull()
      else expect(screen.getByText(/^Last saved/)).toBeTruthy()
      if (!dialogShown(actor().getSnapshot() as S)) expect(screen.queryByRole('alertdialog')).toBeNull()
      const may = ui.app.root.session.getSnapshot().context.admin?.permissions.includes('*')
      if (may) {
        expect(screen.getByRole('button', { name: 'Save', hidden: true }).getAttribute('aria-busy')).not.toBe('true')
        expect(editor('terms_en').getAttribute('contenteditable')).toBe('true')
      } else {
        // an admin who may only read: no Save, the editors closed
        expect(screen.queryByRole('button', { name: 'Save', hidden: true })).toBeNull()
        expect(editor('terms_ar').getAttribute('aria-disabled')).toBe('true')
        expect(editor('terms_en').getAttribute('contenteditable')).toBe('false')
      }
    },
    saving: () => {
      expect(screen.getByRole('button', { name: /Saving/ }).getAttribute('aria-busy')).toBe('true')
    },
    confirmingLeave: ({ ui }) => {
      // the page stays, with what was typed, under the question
      expect(leaveQuestion()).toBeTruthy()
      expect(ui.app.router.state.location.pathname).toBe(PAGE)
      expect(editor('terms_en').innerHTML).toBe(ui.texts.terms_en)
    },
    left: ({ ui }) => {
      expect(ui.app.router.state.location.pathname).toBe(DASHBOARD)
      expect(screen.queryByRole('textbox', { name: /^Terms/, hidden: true })).toBeNull()
    },
    conflict: () => {
      const dialog = screen.getByRole('alertdialog', { name: 'This record changed' })
      expect(within(dialog).getByText('Someone saved the terms meanwhile.')).toBeTruthy()
      expect(within(dialog).getByRole('button', { name: 'Stay' })).toBeTruthy()
    },
  },
  after: {
    'terms.save': async ({ ui }) => {
      // both texts go out with the version they were loaded at (none before the first save)
      const request = await ui.net.next(save)
      expect(request.body).toEqual({ ...ui.texts, ...(ui.version === undefined ? {} : { version: ui.version }) })
    },
    'xstate.done.actor.saveTerms': async () => {
      // confirmed as every save is, by a toast (the toast of a save just before may still show too)
      expect(await screen.findAllByText('Saved successfully.')).not.toHaveLength(0)
    },
    'xstate.error.actor.saveTerms': ({ ui, event }) => {
      const e = event.error as Fail
      // the text stays as typed, whatever went wrong
      expect(editor('terms_en').innerHTML).toBe(ui.texts.terms_en)
      if (e.status === 422) {
        // on their fields, no dialog
        expect(screen.getByText('The English terms are too long.')).toBeTruthy()
        expect(screen.queryByRole('alertdialog')).toBeNull()
      } else if (e.status === 409) {
        // a stale save is offered as a reload
        const dialog = screen.getByRole('alertdialog', { name: 'This record changed' })
        expect(within(dialog).getByRole('button', { name: 'Reload' })).toBeTruthy()
      } else {
        const dialog = screen.getByRole('alertdialog', { name: 'Error' })
        expect(within(dialog).getByText(e.message || 'Something went wrong. Please try again.')).toBeTruthy()
        expect(within(dialog).getByRole('button', { name: 'Try again!' })).toBeTruthy()
      }
    },
    'terms.dismiss': ({ ui }) => {
      expect(screen.queryByRole('alertdialog')).toBeNull()
      // going on editing keeps what was typed
      expect(editor('terms_ar').innerHTML).toBe(ui.texts.terms_ar)
      expect(editor('terms_en').innerHTML).toBe(ui.texts.terms_en)
    },
    'terms.reload': async ({ ui }) => {
      // the stored terms are fetched again; the changes are dropped when they arrive
      await ui.net.next(load)
      expect(screen.queryByRole('alertdialog')).toBeNull()
    },
    'terms.retry': async ({ ui }) => {
      await ui.net.next(load)
    },
    'terms.navigationBlocked': ({ ui }) => {
      // gone, or held while the question is open; nothing more is sent either way
      const path = ui.app.router.state.location.pathname
      expect(path).toBe(leaveQuestion() ? PAGE : DASHBOARD)
      expect(ui.net.waiting().filter((r) => r.method === 'POST')).toHaveLength(ui.savesInFlight)
    },
    'terms.leaveCancelled': ({ ui }) => {
      // the question closes, the changes stay, the navigation is dropped
      expect(leaveQuestion()).toBeNull()
      expect(ui.app.router.state.location.pathname).toBe(PAGE)
      expect(editor('terms_ar').innerHTML).toBe(ui.texts.terms_ar)
    },
  },
})
