import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyActorRef } from 'xstate'
import { categoriesResource, type CategoryDetail } from '../../src/contract/categories'
import { modalStackMachine, type ModalKind } from '../../src/machines/modal-stack'
import { watchActors } from '../../src/machines/runtime'
import { renderApp, type App } from './app'
import { createNetwork, ok, type Network } from './network'
import { walk } from './walk'

/**
 * modalStack walked through a category's view: "Add sub-category" opens the form as the primary
 * modal, the question "Leave without saving?" opens over it as the secondary (Escape or Cancel on a
 * form with something typed), Stay or Escape closes only the question, Leave closes both, Escape or
 * the close button closes a clean form, and a save closes it with the server's message in a toast.
 * Focus goes back to the element that opened each modal.
 */

const net = createNetwork()
type Ui = {
  app: App
  net: Network
  /** The element focused when each open modal was opened (what focus must go back to). */
  openers: Partial<Record<ModalKind, Element | null>>
}
type S = ReturnType<typeof modalStackMachine.getInitialSnapshot>

const category: CategoryDetail = {
  id: 7,
  name: 'Phones',
  description: null,
  parent_id: null,
  parent_name: null,
  image: null,
  is_active: true,
  sort_order: 0,
  sub_categories_count: 0,
  version: 3,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  translations: [
    { locale: 'ar', name: 'جوالات', description: null },
    { locale: 'en', name: 'Phones', description: null },
  ],
  sub_categories: [],
}
net.auto({ method: 'GET', path: `${categoriesResource.path}/7` }, () => ok({ item: category }))
const SAVED = 'The sub-category was added.'

// the form's own chart (crudForm), to know when what was typed has reached it
let form: AnyActorRef | null = null
watchActors((e) => {
  const ref = e.actorRef as AnyActorRef & { logic?: { id?: string } }
  if (e.type === '@xstate.actor' && ref.logic?.id === 'crudForm') form = ref
})
const formDirty = () => (form?.getSnapshot() as { context?: { dirty?: boolean } } | undefined)?.context?.dirty === true

const top = (s: S) => s.context.stack.at(-1)?.kind ?? null
const kinds = (s: S) => s.context.stack.map((m) => m.kind).join('/')

// (a dialog under another is hidden from the accessibility tree, but it is there)
const formModal = () => screen.queryByRole('dialog', { name: 'New sub-category of Phones', hidden: true })
const question = () => screen.queryByRole('alertdialog', { name: 'Leave without saving?' })
const addButton = () => screen.getByRole('button', { name: 'Add sub-category' })
const field = (name: RegExp) => within(formModal()!).getByLabelText(name) as HTMLInputElement

/** Types into the form (or empties it) and waits until its chart knows. */
const type = async (dirty: boolean, both = false) => {
  fireEvent.change(field(/Name \(Arabic\)/), { target: { value: dirty ? 'ساعات' : '' } })
  if (both || !dirty) fireEvent.change(field(/Name \(English\)/), { target: { value: dirty ? 'Watches' : '' } })
  await waitFor(() => expect(formDirty()).toBe(dirty))
}
const press = (el: Element) => {
  if (el instanceof HTMLElement) el.focus()
  fireEvent.click(el)
}
const escape = (el: Element) => fireEvent.keyDown(el, { key: 'Escape' })

walk<Ui>({
  name: 'modalStack',
  machine: modalStackMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "a category's view",
      events: [
        { type: 'modal.open', kind: 'primary' },
        { type: 'modal.open', kind: 'secondary', via: 'escape' },
        { type: 'modal.open', kind: 'secondary', via: 'button' },
        { type: 'modal.close', via: 'escape' },
        { type: 'modal.close', via: 'button' },
        { type: 'modal.closeAll', via: 'escape' },
        { type: 'modal.closeAll', via: 'button' },
        { type: 'modal.closeAll', via: 'save' },
      ],
      // what the screen offers: only the top modal can be reached
      when: (s, e) => {
        switch (e.type) {
          case 'modal.open':
            return e.kind === 'primary' ? top(s) === null : e.kind === 'secondary' && top(s) === 'primary'
          case 'modal.close':
            return top(s) === 'secondary'
          case 'modal.closeAll':
            // Escape, the close button or Save on the form; Leave on the question
            return top(s) === 'primary' || (top(s) === 'secondary' && e.via === 'button')
          default:
            return false
        }
      },
      vertex: kinds,
      start: () => {
        net.install()
        net.reset()
        form = null
        const app = renderApp(net, '/admin-panel/categories/view/7', { before: ['/admin-panel/categories/list'] })
        return { app, net, openers: {} }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'modal.open': async ({ ui, event }) => {
      if (event.kind === 'primary') {
        const button = await screen.findByRole('button', { name: 'Add sub-category' })
        ui.openers.primary = button
        return press(button)
      }
      // something typed, then Escape from a field or Cancel: the question opens over the form
      if (!formDirty()) await type(true)
      if (event.via === 'escape') {
        const input = field(/Name \(English\)/)
        input.focus()
        ui.openers.secondary = input
        return escape(input)
      }
      const cancel = within(formModal()!).getByRole('button', { name: 'Cancel' })
      ui.openers.secondary = cancel
      press(cancel)
    },
    'modal.close': ({ event }) =>
      event.via === 'escape' ? escape(question()!) : press(within(question()!).getByRole('button', { name: 'Stay' })),
    'modal.closeAll': async ({ ui, actor, event }) => {
      if (top(actor().getSnapshot() as S) === 'secondary') return press(within(question()!).getByRole('button', { name: 'Leave' }))
      if (event.via === 'save') {
        await type(true, true)
        press(within(formModal()!).getByRole('button', { name: 'Save' }))
        const request = await ui.net.next({ method: 'POST', path: categoriesResource.path })
        expect(request.body).toMatchObject({ name_ar: 'ساعات', name_en: 'Watches', parent_id: 7 })
        return ui.net.answer(
          { method: 'POST', path: categoriesResource.path },
          { status: 201, body: { status: true, message: SAVED, result: { item: { ...category, id: 8 } } } },
        )
      }
      // a clean form closes at once
      if (formDirty()) await type(false)
      return event.via === 'escape' ? escape(field(/Name \(Arabic\)/)) : press(within(formModal()!).getByRole('button', { name: 'Close' }))
    },
  },
  states: {
    closed: () => {
      expect(formModal()).toBeNull()
      expect(question()).toBeNull()
    },
    // the screen shows the stack's modals, no others; focus is in the top one
    open: ({ actor }) => {
      const stack = (actor().getSnapshot() as S).context.stack.map((m) => m.kind)
      expect(Boolean(formModal()), 'the form').toBe(stack.includes('primary'))
      expect(Boolean(question()), 'the question').toBe(stack.includes('secondary'))
      const shown = { primary: formModal(), secondary: question() }[stack.at(-1)!]
      expect(
        shown?.contains(document.activeElement),
        `focus in the top modal, not on ${document.activeElement?.outerHTML.slice(0, 80)}`,
      ).toBe(true)
    },
    // a secondary never shows without its primary
    '*': ({ actor }) => {
      if (question()) expect(formModal()).toBeTruthy()
      const stack = (actor().getSnapshot() as S).context.stack.map((m) => m.kind)
      if (stack.includes('secondary')) expect(stack.indexOf('primary')).toBe(stack.indexOf('secondary') - 1)
    },
  },
  after: {
    'modal.open': ({ ui, event }) => {
      if (event.kind === 'secondary') {
        expect(within(question()!).getByText('Leave without saving?')).toBeTruthy()
        expect(ui.openers.secondary?.isConnected).toBe(true)
      }
    },
    // Escape (or Stay) closes only the question: the form stays with what was typed, focus goes back
    // to the element that opened the question
    'modal.close': ({ ui }) => {
      expect(question()).toBeNull()
      expect(formModal()).toBeTruthy()
      expect(field(/Name \(Arabic\)/).value).toBe('ساعات')
      expect(document.activeElement).toBe(ui.openers.secondary)
    },
    // everything closes and focus goes back where the form was opened; a save says so in a toast
    'modal.closeAll': async ({ event }) => {
      expect(formModal()).toBeNull()
      expect(question()).toBeNull()
      await waitFor(() => expect(document.activeElement).toBe(addButton()))
      if (event.via === 'save') expect(await screen.findAllByText(SAVED)).not.toHaveLength(0)
    },
  },
})
