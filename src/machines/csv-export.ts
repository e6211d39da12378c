import { assign, fromPromise, setup, type SnapshotFrom } from 'xstate'
import { fetchExport } from '../api/vendors'
import { failureOf, type Failure } from './failure'

export type CsvExportContext = { failure: Failure | null }
export type CsvExportEvent = { type: 'export.start'; path: string; query: Record<string, string | number> } | { type: 'export.dismiss' }

/**
 * A CSV export (the vendors and partners lists', the reports'): the filters and search are sent to
 * the export's path, every matching row comes back as one file the browser saves (the app provides `save`).
 */
export const csvExportMachine = setup({
  types: { context: {} as CsvExportContext, events: {} as CsvExportEvent },
  actors: {
    download: fromPromise<Blob, { path: string; query: Record<string, string | number> }>(({ input }) =>
      fetchExport(input.path, input.query),
    ),
  },
  actions: {
    save: (_, _params: { file: Blob }) => {},
    setFailure: assign((_, params: { error: unknown }) => ({ failure: failureOf(params.error) })),
    clearFailure: assign({ failure: null }),
  },
}).createMachine({
  id: 'csvExport',
  description: 'Export of a filtered list or a report as CSV.',
  context: { failure: null },
  initial: 'idle',
  states: {
    idle: {
      description: '"Export CSV" is offered.',
      on: {
        'export.start': {
          target: 'exporting',
          description: 'The admin asks for the file of the current filters.',
          actions: 'clearFailure',
        },
        'export.dismiss': { actions: 'clearFailure', description: 'The failure dialog was closed.' },
      },
    },
    exporting: {
      description: '"Exporting…" while the server streams the file.',
      invoke: {
        id: 'download',
        src: 'download',
        input: ({ event }) => (event.type === 'export.start' ? { path: event.path, query: event.query } : { path: '', query: {} }),
        onDone: {
          target: 'idle',
          description: 'The file arrived: the browser saves it.',
          actions: { type: 'save', params: ({ event }) => ({ file: event.output }) },
        },
        onError: {
          target: 'idle',
          description: 'Refused or offline: the failure is shown.',
          actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
})

export type CsvExportSnapshot = SnapshotFrom<typeof csvExportMachine>
