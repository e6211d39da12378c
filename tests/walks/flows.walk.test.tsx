import { fireEvent, screen, within } from '@testing-library/react'
import { expect, vi } from 'vitest'
import type { AnyStateMachine } from 'xstate'
import { flowsMachine } from '../../src/machines/flows'
import { modalStackMachine } from '../../src/machines/modal-stack'
import { renderApp, type App } from './app'
import { createNetwork, type Network } from './network'
import { walk } from './walk'

/**
 * flows (QA's Flows screen, /admin-panel/flows) walked through the screen: a chart picked from the
 * list is loaded with its descriptions and laid out (each may fail: the failure with a retry), then
 * drawn; a state clicked in the diagram shows its description and the transitions that leave it; a
 * state chosen in the path player shows the shortest path to it, stepped through by its buttons and
 * put away. The chart's texts and the layout engine are the boundary the walk answers, as the
 * network is for other walks: each answer is the real one, given when the walk says so.
 */

type Pending<T> = { resolve: (value: T) => void; reject: (error: unknown) => void }
const pending = vi.hoisted(() => ({ texts: [] as Pending<unknown>[], layouts: [] as Pending<unknown>[] }))
const later = <T,>(list: Pending<unknown>[]) =>
  new Promise<T>((resolve, reject) => void list.push({ resolve: resolve as (v: unknown) => void, reject }))

vi.mock('../../src/machines/chart-doc', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/machines/chart-doc')>()),
  loadChartTexts: () => later(pending.texts),
}))
vi.mock('../../src/machines/chart-layout', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/machines/chart-layout')>()),
  layoutChart: () => later(pending.layouts),
}))
const real = {
  texts: async (id: string) =>
    (await vi.importActual<typeof import('../../src/machines/chart-doc')>('../../src/machines/chart-doc')).loadChartTexts(id),
  layout: async (machine: AnyStateMachine) =>
    (await vi.importActual<typeof import('../../src/machines/chart-layout')>('../../src/machines/chart-layout')).layoutChart(machine),
}

const net = createNetwork()
type Ui = { app: App; net: Network }
type S = ReturnType<typeof flowsMachine.getInitialSnapshot>

/** The chart the walk picks: the modal stack (small, with a path of two steps to `open`). */
const CHART = 'modalStack'
const TARGET = 'open'
const chartButton = () => screen.getByRole('button', { name: CHART })
const diagram = () => screen.queryByRole('group', { name: `Diagram of the ${CHART} chart` })
const player = () => screen.getByTestId('path-player')
const steps = () => within(player()).queryAllByRole('listitem')
const settle = (list: Pending<unknown>[]) => {
  const next = list.shift()
  if (!next) throw new Error('nothing is waiting for an answer')
  return next
}
const machineOf = (s: S) => s.context.machine as AnyStateMachine

walk<Ui>({
  name: 'flows',
  machine: flowsMachine,
  surfaces: [
    {
      name: 'the Flows screen',
      input: { charts: [{ module: 'shared', id: CHART, load: async () => modalStackMachine }] },
      events: [
        { type: 'flows.select', id: CHART },
        { type: 'xstate.done.actor.loadChart', output: { machine: modalStackMachine, texts: { ar: {}, en: {} } } },
        { type: 'xstate.error.actor.loadChart' },
        { type: 'xstate.done.actor.layoutChart', output: { width: 0, height: 0, states: [], edges: [] } },
        { type: 'xstate.error.actor.layoutChart' },
        { type: 'flows.retry' },
        { type: 'flows.stateFocused', key: TARGET },
        { type: 'flows.targetChosen', key: TARGET },
        { type: 'flows.stepNext' },
        { type: 'flows.stepBack' },
        { type: 'flows.pathCleared' },
      ],
      // what the screen offers: the chart list always (a pick while one loads is not walked), the
      // player's buttons while they are enabled, a target not chosen already, Clear with a path
      when: (s, e) => {
        if (!s.can(e)) return false
        if (e.type === 'flows.select') return !s.matches('loading')
        if (e.type === 'flows.targetChosen') return s.context.target !== TARGET
        if (e.type === 'flows.pathCleared') return s.context.path !== null
        return true
      },
      vertex: (s) => [s.context.selected, s.context.focused, s.context.target, s.context.step],
      start: () => {
        net.install()
        net.reset()
        pending.texts.length = 0
        pending.layouts.length = 0
        return { app: renderApp(net, '/admin-panel/flows'), net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    // a new pick stops the load or layout under way: its answer is never given
    'flows.select': () => {
      pending.texts.length = 0
      pending.layouts.length = 0
      fireEvent.click(chartButton())
    },
    'xstate.done.actor.loadChart': async () => {
      await vi.waitFor(() => expect(pending.texts).toHaveLength(1))
      settle(pending.texts).resolve(await real.texts(CHART))
    },
    'xstate.error.actor.loadChart': async () => {
      await vi.waitFor(() => expect(pending.texts).toHaveLength(1))
      settle(pending.texts).reject(new Error('the chart did not load'))
    },
    'xstate.done.actor.layoutChart': async ({ actor }) => {
      await vi.waitFor(() => expect(pending.layouts).toHaveLength(1))
      settle(pending.layouts).resolve(await real.layout(machineOf(actor().getSnapshot() as S)))
    },
    'xstate.error.actor.layoutChart': async () => {
      await vi.waitFor(() => expect(pending.layouts).toHaveLength(1))
      settle(pending.layouts).reject(new Error('the layout failed'))
    },
    'flows.retry': () => fireEvent.click(screen.getByRole('button', { name: 'Try again!' })),
    'flows.stateFocused': () => fireEvent.click(within(diagram()!).getByRole('button', { name: TARGET })),
    'flows.targetChosen': () => fireEvent.change(within(player()).getByRole('combobox'), { target: { value: TARGET } }),
    'flows.stepNext': () => fireEvent.click(within(player()).getByRole('button', { name: 'Next step' })),
    'flows.stepBack': () => fireEvent.click(within(player()).getByRole('button', { name: 'Previous step' })),
    'flows.pathCleared': () => fireEvent.click(within(player()).getByRole('button', { name: 'Clear the path' })),
  },
  states: {
    choosing: () => {
      expect(screen.getByText('Pick a chart to see its states and transitions.')).toBeTruthy()
      expect(diagram()).toBeNull()
    },
    loading: () => {
      expect(screen.getByText('Laying out the chart…')).toBeTruthy()
      expect(chartButton().getAttribute('aria-current')).toBe('true')
      expect(diagram()).toBeNull()
    },
    laying: () => {
      expect(screen.getByText('Laying out the chart…')).toBeTruthy()
      expect(diagram()).toBeNull()
    },
    failed: () => {
      expect(screen.getByText('The chart could not be shown.')).toBeTruthy()
      expect(diagram()).toBeNull()
    },
    // the diagram with a box per state, the chart's description, the focused state and the path as the chart holds them
    ready: ({ actor }) => {
      const s = actor().getSnapshot() as S
      const boxes = within(diagram()!)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label'))
      expect(boxes.sort()).toEqual(['closed', 'open'])
      expect(screen.getByTestId('chart-title').textContent).toBe(CHART)
      expect(screen.getByText(/The open modals, stacked/)).toBeTruthy()
      expect(screen.queryByText('Laying out the chart…')).toBeNull()
      const focusedBox = within(diagram()!).getByRole('button', { name: TARGET })
      expect(focusedBox.getAttribute('aria-pressed')).toBe(String(s.context.focused === TARGET))
      const panel = screen.getByTestId('focused-state')
      if (s.context.focused === null) expect(within(panel).getByText(/Choose a state/)).toBeTruthy()
      else expect(within(panel).getByText(/At least one modal is open/)).toBeTruthy()
      if (s.context.path === null) expect(steps()).toHaveLength(0)
      else {
        expect(steps().map((li) => li.textContent?.split(' → ')[0])).toEqual(['(start)', 'modal.open'])
        expect(steps().findIndex((li) => li.getAttribute('aria-current') === 'step')).toBe(s.context.step)
        expect(within(player()).getByText(`Step ${s.context.step + 1} of 2`)).toBeTruthy()
        // the step's state is marked on the diagram
        const marked = within(diagram()!).getByRole('button', { name: s.context.step === 0 ? 'closed' : 'open' })
        expect(marked.getAttribute('data-step')).toBe('true')
      }
    },
  },
  after: {
    // the transitions that leave the focused state are listed with their descriptions
    'flows.stateFocused': () => {
      const panel = screen.getByTestId('focused-state')
      expect(within(panel).getByText(TARGET)).toBeTruthy()
      expect(within(panel).getByText(/Escape, the close button or Stay on the top modal/)).toBeTruthy()
    },
    'flows.targetChosen': () => expect(steps()[0]?.getAttribute('aria-current')).toBe('step'),
    'flows.pathCleared': () => {
      expect(steps()).toHaveLength(0)
      expect((within(player()).getByRole('combobox') as HTMLSelectElement).value).toBe('')
    },
    'flows.stepNext': () => expect(within(player()).getByRole('button', { name: 'Next step' }).hasAttribute('disabled')).toBe(true),
    'flows.stepBack': () => expect(within(player()).getByRole('button', { name: 'Previous step' }).hasAttribute('disabled')).toBe(true),
  },
})
