import { assign, fromCallback, setup, type SnapshotFrom } from 'xstate'
import { uploadTaxonomy } from '../api/taxonomy'
import { TAXONOMY_FILE_MAX_BYTES, type TaxonomyReport } from '../contract/marketplaces'
import { failureOf, type Failure } from './failure'

/** Why a file is refused before it is sent. */
export type TaxonomyRefusal = 'type' | 'size' | 'empty'

const extensions = ['.json', '.csv']
/** Types browsers report for JSON and CSV files ('' when the system does not know the extension). */
const mediaTypes = ['', 'application/json', 'text/json', 'text/csv', 'application/csv', 'text/plain', 'application/vnd.ms-excel']

/** Why a chosen file cannot be a taxonomy (JSON or CSV, not empty, at most `TAXONOMY_FILE_MAX_BYTES`), or null. */
export function taxonomyFileRefusal(file: Pick<File, 'name' | 'type' | 'size'>): TaxonomyRefusal | null {
  const name = file.name.toLowerCase()
  if (!extensions.some((ext) => name.endsWith(ext)) || !mediaTypes.includes(file.type.toLowerCase())) return 'type'
  if (file.size === 0) return 'empty'
  if (file.size > TAXONOMY_FILE_MAX_BYTES) return 'size'
  return null
}

export type TaxonomyImportContext = {
  marketplaceId: number
  file: File | null
  progress: number
  refusal: TaxonomyRefusal | null
  report: TaxonomyReport | null
  /** The server's refusal (422: its field errors by item path or `lines.N`; other: its message). */
  failure: Failure | null
}

export type TaxonomyImportEvent =
  | { type: 'taxonomy.selected'; file: File }
  | { type: 'taxonomy.progress'; percent: number }
  | { type: 'taxonomy.uploaded'; message: string; report: TaxonomyReport }
  | { type: 'taxonomy.failed'; error: unknown }
  | { type: 'taxonomy.cancelled' }
  | { type: 'taxonomy.retry' }
  | { type: 'taxonomy.reset' }

/**
 * A marketplace's taxonomy import (JSON or CSV): the chosen file is checked (type, size) before
 * anything is sent, uploaded with progress, then the server's report (added, changed, removed) is
 * shown, or its validation errors by line / item, or the failure with a retry. The app provides
 * `onImported` (a toast, the list's progress reloaded).
 */
export const taxonomyImportMachine = setup({
  types: {
    context: {} as TaxonomyImportContext,
    events: {} as TaxonomyImportEvent,
    input: {} as { marketplaceId: number },
  },
  actors: {
    upload: fromCallback<TaxonomyImportEvent, { marketplaceId: number; file: File }>(({ input, sendBack }) => {
      const controller = new AbortController()
      uploadTaxonomy(
        input.marketplaceId,
        input.file,
        (percent) => sendBack({ type: 'taxonomy.progress', percent }),
        controller.signal,
      ).then(
        ({ message, report }) => sendBack({ type: 'taxonomy.uploaded', message, report }),
        (error: unknown) => sendBack({ type: 'taxonomy.failed', error }),
      )
      return () => controller.abort()
    }),
  },
  actions: {
    onImported: (_, _params: { message: string }) => {},
    takeFile: assign((_, params: { file: File }) => ({ file: params.file, progress: 0, refusal: null, report: null, failure: null })),
  },
  guards: {
    isRefused: ({ context }) => context.file === null || taxonomyFileRefusal(context.file) !== null,
    isValidation: (_, params: { error: unknown }) => failureOf(params.error).status === 422,
  },
}).createMachine({
  id: 'taxonomyImport',
  // the path player's payloads (Flows screen): a file that passes the checks, and one that does not
  meta: {
    examples: {
      events: [
        { type: 'taxonomy.selected', file: { name: 'taxonomy.json', type: 'application/json', size: 2048 } },
        { type: 'taxonomy.selected', file: { name: 'taxonomy.pdf', type: 'application/pdf', size: 2048 } },
      ],
    },
  },
  description: "A marketplace's taxonomy import: check the file, upload it with progress, show the report or what is wrong.",
  context: ({ input }) => ({ marketplaceId: input.marketplaceId, file: null, progress: 0, refusal: null, report: null, failure: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The drop zone waits for a JSON or CSV file; the help shows the CSV header and an example.',
      on: {
        'taxonomy.selected': {
          target: 'checking',
          description: 'A file was chosen or dropped: it is checked first.',
          actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    checking: {
      description: 'The file is checked before anything is sent: a JSON or CSV file, not empty, within the size limit.',
      always: [
        {
          guard: 'isRefused',
          target: 'invalid',
          description: 'Another type, an empty file or a file over the limit: refused here, nothing is sent.',
          actions: assign({ refusal: ({ context }) => (context.file ? taxonomyFileRefusal(context.file) : 'type') }),
        },
        { target: 'uploading', description: 'The file looks right: it is sent.' },
      ],
    },
    uploading: {
      description: 'The file is sent and imported; the bar shows the progress. Cancel stops it.',
      invoke: {
        id: 'upload',
        src: 'upload',
        input: ({ context }) => ({ marketplaceId: context.marketplaceId, file: context.file as File }),
      },
      on: {
        'taxonomy.progress': { description: 'The bar moves.', actions: assign({ progress: ({ event }) => event.percent }) },
        'taxonomy.uploaded': {
          target: 'done',
          description: 'Imported: the report says what was added, changed and removed.',
          actions: [
            assign({ report: ({ event }) => event.report }),
            { type: 'onImported', params: ({ event }) => ({ message: event.message }) },
          ],
        },
        'taxonomy.failed': [
          {
            guard: { type: 'isValidation', params: ({ event }) => ({ error: event.error }) },
            target: 'invalid',
            description: '422: the file is wrong; its errors are listed by line or item, nothing was imported.',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
          {
            target: 'failed',
            description: 'Not imported (offline, refused, a server failure): the message with a retry.',
            actions: assign({ failure: ({ event }) => failureOf(event.error) }),
          },
        ],
        'taxonomy.cancelled': {
          target: 'idle',
          description: 'The upload stops; nothing was imported.',
          actions: assign({ file: null, progress: 0 }),
        },
      },
    },
    done: {
      description: 'The report: categories, properties and values added, changed, removed, and how many there are now.',
      on: {
        'taxonomy.reset': { target: 'idle', description: 'Import another file.', actions: assign({ file: null, report: null }) },
      },
    },
    invalid: {
      description: 'The file was refused (here or by the server): why, or the list of its errors; another file may be chosen.',
      on: {
        'taxonomy.selected': {
          target: 'checking',
          description: 'Another file: it is checked first.',
          actions: { type: 'takeFile', params: ({ event }) => ({ file: event.file }) },
        },
      },
    },
    failed: {
      description: 'The import failed for another reason than the file: the message, a retry with the same file.',
      on: {
        'taxonomy.retry': {
          target: 'uploading',
          description: 'Send the same file again.',
          actions: assign({ progress: 0, failure: null }),
        },
        'taxonomy.reset': { target: 'idle', description: 'Back to the drop zone.', actions: assign({ file: null, failure: null }) },
      },
    },
  },
})

export type TaxonomyImportSnapshot = SnapshotFrom<typeof taxonomyImportMachine>

/** One error of a refused file: the line of a CSV file or the item path of a JSON file, and the messages. */
export type TaxonomyError = { line: number | null; path: string; messages: string[] }

/** The most errors the dialog lists (the server sends at most 50). */
export const TAXONOMY_ERRORS_SHOWN = 50

/** The server's errors of a refused file, readably: `lines.12.required` -> line 12, field `required`. */
export function taxonomyErrorsOf(errors: Record<string, string[]>): { shown: TaxonomyError[]; more: number } {
  const all = Object.entries(errors).map(([key, messages]): TaxonomyError => {
    const line = /^lines\.(\d+)(?:\.(.+))?$/.exec(key)
    if (line) return { line: Number(line[1]), path: line[2] ?? '', messages }
    return { line: null, path: key === 'file' ? '' : key, messages }
  })
  return { shown: all.slice(0, TAXONOMY_ERRORS_SHOWN), more: Math.max(0, all.length - TAXONOMY_ERRORS_SHOWN) }
}

/** What the import dialog shows of its chart. */
export const taxonomyImportViewOf = (s: TaxonomyImportSnapshot) => ({
  idle: s.matches('idle'),
  uploading: s.matches('uploading'),
  progress: s.context.progress,
  fileName: s.context.file?.name ?? null,
  report: s.matches('done') ? s.context.report : null,
  refusal: s.matches('invalid') ? s.context.refusal : null,
  invalid: s.matches('invalid') && s.context.failure ? s.context.failure : null,
  failed: s.matches('failed') ? s.context.failure : null,
})
