import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { vendorsPaths, vendorsResource, vendorsScreens } from '../../src/contract/vendors'
import { csvExportMachine } from '../../src/machines/csv-export'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk } from './walk'

/**
 * csvExport walked through the vendors list: "Export CSV" sends the list's filters and search as
 * they stand in the address, the file is handed to the browser to save, a failure is shown.
 */

globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver
const saved: string[] = []
URL.createObjectURL = () => 'blob:vendors-csv'
URL.revokeObjectURL = () => {}
HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
  saved.push(this.download)
}

const net = createNetwork()
type Ui = { app: App; net: Network }

const page = { data: [], total: 0, page: 1, rowsPerPage: 15, pagesCount: 0, total_is_estimate: false }
net.auto({ method: 'GET', path: vendorsResource.path }, () => ok({ vendors: page }))
const failure = 'You are not allowed to do this.'

const events: AnyEventObject[] = [
  { type: 'export.start', query: { status: 'active', search: 'oud' } },
  { type: 'export.dismiss' },
  { type: 'xstate.done.actor.download', output: new Blob(['\uFEFFStore\r\n']) },
  { type: 'xstate.error.actor.download', error: { status: 403, message: failure, errors: {} } },
]
type S = ReturnType<typeof csvExportMachine.getInitialSnapshot>
const offered = (s: S, e: AnyEventObject) => (e.type === 'export.dismiss' ? s.context.failure !== null : s.context.failure === null)

const exportButton = () => screen.getByRole('button', { name: /Export CSV|Exporting…/ })

walk<Ui>({
  name: 'csvExport',
  machine: csvExportMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'the vendors list, filtered and searched',
      events,
      when: offered,
      vertex: (s) => (s as S).context.failure?.status ?? null,
      start: () => {
        net.install()
        net.reset()
        saved.length = 0
        return { app: renderApp(net, `${vendorsScreens.list}?status=active&search=oud`), net }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    // clicked again if the list's toolbar was drawn anew under the first click (a busy machine's
    // late render): until the button says it is exporting
    'export.start': () =>
      waitFor(
        () => {
          const start = screen.queryByRole('button', { name: 'Export CSV' })
          if (start) fireEvent.click(start)
          expect(exportButton().getAttribute('aria-busy')).toBe('true')
        },
        { timeout: 8000 },
      ),
    'export.dismiss': async () =>
      fireEvent.click(await within(await screen.findByRole('alertdialog')).findByRole('button', { name: 'Try again!' })),
    'xstate.done.actor.download': ({ ui }) => ui.net.answer({ method: 'GET', path: vendorsPaths.export }, { status: 200, body: 'csv' }),
    'xstate.error.actor.download': ({ ui }) => ui.net.answer({ method: 'GET', path: vendorsPaths.export }, failed(403, failure)),
  },
  states: {
    idle: () => expect(exportButton().getAttribute('aria-busy')).toBeNull(),
    exporting: () => expect(exportButton().getAttribute('aria-busy')).toBe('true'),
    '*': ({ actor }) => {
      const s = actor().getSnapshot() as S
      if (s.context.failure) expect(within(screen.getByRole('alertdialog')).getByText(failure)).toBeTruthy()
      else expect(screen.queryByRole('alertdialog')).toBeNull()
    },
  },
  after: {
    // the list's filters and search go with the export
    'export.start': async ({ ui }) => {
      const request = await ui.net.next({ method: 'GET', path: vendorsPaths.export })
      expect(request.query.get('status')).toBe('active')
      expect(request.query.get('search')).toBe('oud')
    },
    'xstate.done.actor.download': () => expect(saved).toEqual([`vendors-${new Date().toISOString().slice(0, 10)}.csv`]),
  },
})
