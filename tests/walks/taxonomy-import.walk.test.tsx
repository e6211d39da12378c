import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import {
  marketplacesResource,
  marketplacesScreens,
  marketplaceTaxonomyPath,
  type Marketplace,
  type TaxonomyReport,
} from '../../src/contract/marketplaces'
import { taxonomyImportMachine } from '../../src/machines/taxonomy-import'
import { renderApp, type App } from './app'
import { createNetwork, failed, ok, type Network } from './network'
import { walk, type WalkContext } from './walk'

/**
 * taxonomyImport walked through the marketplaces list: "Import taxonomy" on a row opens the dialog;
 * a chosen file is checked before anything is sent (type, emptiness, size), uploaded with progress
 * (the network reports it), and the server's report is shown in a table while the list reloads the
 * marketplace's progress; the server's validation errors are listed by line (50 at most, then how many
 * more); another failure offers a retry with the same file; Cancel stops the upload.
 */

const net = createNetwork()
type Ui = { app: App; net: Network; file: File | null; progress: number; imported: boolean }
type Ctx = WalkContext<Ui>
type S = ReturnType<typeof taxonomyImportMachine.getInitialSnapshot>

const ID = 3
const post = { method: 'POST', path: marketplaceTaxonomyPath(ID) }

const sized = (file: File, size: number) => {
  Object.defineProperty(file, 'size', { value: size })
  return file
}
const FILES = {
  json: new File(['{"categories":[]}'], 'noon.json', { type: 'application/json' }),
  csv: new File(['kind,id,parent_id,name_ar,name_en,type,required'], 'noon.csv', { type: 'text/csv' }),
  sheet: new File(['PK'], 'noon.xlsx', { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
  huge: sized(new File(['{}'], 'huge.json', { type: 'application/json' }), 40 * 1024 * 1024),
  empty: new File([], 'empty.csv', { type: 'text/csv' }),
}
const REFUSED: Record<string, string> = {
  'noon.xlsx': 'noon.xlsx is not a JSON or CSV file.',
  'huge.json': 'huge.json is larger than 32 MB.',
  'empty.csv': 'empty.csv is empty.',
}

const REPORT: TaxonomyReport = {
  categories: { added: 118, changed: 2, removed: 1, total: 120 },
  properties: { added: 40, changed: 0, removed: 0, total: 40 },
  values: { added: 300, changed: 5, removed: 3, total: 302 },
}
/** 53 errors (more than the 50 the dialog lists): a line, a line's field, and JSON items. */
const ERRORS: Record<string, string[]> = Object.fromEntries([
  ['lines.12', ['No category in the file has this id.']],
  ['lines.14.required', ['Expected true or false.']],
  ...Array.from({ length: 51 }, (_, i) => [`categories.${i}.parent_id`, [`Parent ${i} is missing.`]]),
])
const INVALID = { status: 422, message: 'No category in the file has this id.', errors: ERRORS }
const UNREACHABLE = { status: 0, message: '', errors: {} }

const marketplace = (imported: boolean): Marketplace => ({
  id: ID,
  name: 'Noon',
  website: 'https://www.noon.com',
  market_id: null,
  market_url: null,
  gateway_type: null,
  image: null,
  is_linked: true,
  is_active: true,
  version: 1,
  created_at: '2026-11-01T09:00:00.000Z',
  updated_at: '2026-11-01T09:00:00.000Z',
  translations: [
    { locale: 'ar', name: 'نون' },
    { locale: 'en', name: 'Noon' },
  ],
  mapping: imported
    ? { categories: { mapped: 0, total: 120 }, required_properties: { mapped: 0, total: 12 } }
    : { categories: { mapped: 0, total: 0 }, required_properties: { mapped: 0, total: 0 } },
})
const server = { imported: false }
net.auto({ method: 'GET', path: marketplacesResource.path }, () =>
  ok({ [marketplacesResource.name]: { data: [marketplace(server.imported)], total: 1, page: 1, rowsPerPage: 10, pagesCount: 1 } }),
)

const events: AnyEventObject[] = [
  // (the traversal tells events apart by their JSON, where a File is `{}`: the name says which)
  ...Object.values(FILES).map((file) => ({ type: 'taxonomy.selected', file, name: file.name })),
  { type: 'taxonomy.progress', percent: 40 },
  { type: 'taxonomy.uploaded', message: 'Taxonomy imported.', report: REPORT },
  { type: 'taxonomy.failed', error: INVALID },
  { type: 'taxonomy.failed', error: UNREACHABLE },
  { type: 'taxonomy.cancelled' },
  { type: 'taxonomy.retry' },
  { type: 'taxonomy.reset' },
]

/** The picker reports the same file only once in a row. */
const offered = (s: S, e: AnyEventObject) => !(e.type === 'taxonomy.selected' && e.name === s.context.file?.name)

const dialog = () => within(screen.getByRole('dialog', { name: 'Import the taxonomy of Noon' }))
const progressbar = () => screen.queryByRole('progressbar', { name: /^Importing / })
const uploads = (ui: Ui) => ui.net.waiting().filter((r) => r.method === post.method && r.path === post.path)
const row = () => within(screen.getByRole('row', { name: /Noon/, hidden: true }))

walk<Ui>({
  name: 'taxonomyImport',
  machine: taxonomyImportMachine,
  timeout: 8000,
  surfaces: [
    {
      name: "the import dialog of a marketplace's row in the list",
      input: { marketplaceId: ID },
      events,
      when: offered,
      start: async () => {
        net.install()
        net.reset()
        server.imported = false
        const app = renderApp(net, marketplacesScreens.list)
        // nothing imported yet: the row says so and offers the import
        expect(await screen.findByText('No taxonomy yet', {}, { timeout: 30_000 })).toBeTruthy()
        fireEvent.click(await screen.findByRole('button', { name: 'Import taxonomy Noon' }))
        return { app, net, file: null, progress: 0, imported: false }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'taxonomy.selected': ({ ui, event }) => {
      const file = event.file as File
      ui.file = file
      ui.progress = 0
      fireEvent.input(dialog().getByTestId('taxonomy-file'), { target: { files: [file] } })
    },
    'taxonomy.progress': ({ ui, event }) => {
      ui.progress = event.percent as number
      return ui.net.progress(post, ui.progress)
    },
    'taxonomy.uploaded': async ({ ui, event }) => {
      server.imported = true
      ui.imported = true
      await ui.net.answer(post, ok(event.report, event.message as string))
    },
    'taxonomy.failed': async ({ ui, event }) => {
      const e = event.error as typeof INVALID
      await ui.net.answer(post, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
    'taxonomy.cancelled': () => fireEvent.click(dialog().getByRole('button', { name: 'Cancel' })),
    'taxonomy.retry': ({ ui }) => {
      ui.progress = 0
      fireEvent.click(dialog().getByRole('button', { name: 'Try again!' }))
    },
    'taxonomy.reset': () => fireEvent.click(dialog().getByRole('button', { name: 'Import another file' })),
  },
  states: {
    // the drop zone, its help with the CSV header, and nothing sent
    idle: ({ ui }) => {
      expect(dialog().getByText('Drop a JSON or CSV file here (up to 32 MB), or choose one.')).toBeTruthy()
      expect(dialog().getByRole('button', { name: 'Choose file' })).toBeTruthy()
      expect(dialog().getByText('File format')).toBeTruthy()
      expect(dialog().getByText(/^kind,id,parent_id,name_ar,name_en,type,required/)).toBeTruthy()
      expect(progressbar()).toBeNull()
      expect(uploads(ui)).toHaveLength(0)
      expect(dialog().queryByRole('alert')).toBeNull()
    },
    // the chosen file is sent once, the bar says how far it got, and it can be cancelled
    uploading: ({ ui }) => {
      expect(progressbar()?.getAttribute('aria-valuenow')).toBe(String(ui.progress))
      expect(dialog().getByText(`Importing ${ui.file!.name}…`)).toBeTruthy()
      const sent = uploads(ui)
      expect(sent).toHaveLength(1)
      expect((sent[0]!.body as FormData).get('file')).toBe(ui.file)
      expect(dialog().getByRole('button', { name: 'Cancel' })).toBeTruthy()
      expect(dialog().queryByTestId('taxonomy-file')).toBeNull()
    },
    // the report, a row per kind: added, changed, removed, now
    done: ({ ui }) => {
      expect(dialog().getByText(`${ui.file!.name} was imported.`)).toBeTruthy()
      const table = within(dialog().getByRole('table', { name: 'What the import did' }))
      const cells = (name: string) =>
        within(table.getByRole('row', { name: new RegExp(`^${name}`) }))
          .getAllByRole('cell')
          .map((c) => c.textContent)
      expect(cells('Categories')).toEqual(['118', '2', '1', '120'])
      expect(cells('Properties')).toEqual(['40', '0', '0', '40'])
      expect(cells('Values')).toEqual(['300', '5', '3', '302'])
      expect(progressbar()).toBeNull()
    },
    // refused here (nothing sent) or by the server (its errors by line, 50 at most)
    invalid: ({ ui }) => {
      expect(progressbar()).toBeNull()
      expect(uploads(ui)).toHaveLength(0)
      expect(dialog().getByTestId('taxonomy-file')).toBeTruthy()
      const refusal = REFUSED[ui.file!.name]
      if (refusal) {
        expect(within(dialog().getByRole('alert')).getByText(refusal)).toBeTruthy()
        expect(ui.net.seen.filter((r) => r.path === post.path && (r.body as FormData).get('file') === ui.file)).toHaveLength(0)
      } else {
        expect(dialog().getByText(`${ui.file!.name} was not imported: fix these lines and import it again.`)).toBeTruthy()
        const items = dialog()
          .getAllByRole('listitem')
          .map((li) => li.textContent)
        expect(items).toHaveLength(50)
        expect(items[0]).toBe('Line 12: No category in the file has this id.')
        expect(items[1]).toBe('Line 14, required: Expected true or false.')
        expect(items[2]).toBe('categories.0.parent_id: Parent 0 is missing.')
        expect(dialog().getByText('and 3 more errors.')).toBeTruthy()
      }
    },
    failed: ({ ui }) => {
      expect(within(dialog().getByRole('alert')).getByText('Something went wrong. Please try again.')).toBeTruthy()
      expect(dialog().getByRole('button', { name: 'Try again!' })).toBeTruthy()
      expect(uploads(ui)).toHaveLength(0)
    },
    // the row shows the marketplace's progress as the server has it
    '*': ({ ui }) => {
      if (ui.imported) {
        expect(row().getByRole('progressbar', { name: '0 of 120 categories mapped', hidden: true })).toBeTruthy()
        expect(row().getByRole('progressbar', { name: '0 of 12 required properties mapped', hidden: true })).toBeTruthy()
      } else expect(row().getByText('No taxonomy yet')).toBeTruthy()
    },
  },
  after: {
    // whatever the chart says: a file of another type, an empty one or one over the limit is refused
    // here with the reason and never sent; a JSON or CSV file within the limit is sent at once
    'taxonomy.selected': ({ ui, event }) => {
      const file = event.file as File
      const refusal = REFUSED[file.name]
      const sent = ui.net.seen.filter((r) => r.path === post.path && (r.body as FormData).get('file') === file)
      if (refusal) {
        expect(within(dialog().getByRole('alert')).getByText(refusal)).toBeTruthy()
        expect(sent).toHaveLength(0)
      } else {
        expect(sent).toHaveLength(1)
        expect(progressbar()).toBeTruthy()
      }
    },
    // a file the server refused lists its errors and offers another file; any other failure offers a retry
    'taxonomy.failed': ({ event }) => {
      const e = event.error as typeof INVALID
      if (e.status === 422) {
        expect(dialog().getAllByRole('listitem')[0]?.textContent).toBe('Line 12: No category in the file has this id.')
        expect(dialog().getByTestId('taxonomy-file')).toBeTruthy()
        expect(dialog().queryByRole('button', { name: 'Try again!' })).toBeNull()
      } else {
        expect(dialog().getByRole('button', { name: 'Try again!' })).toBeTruthy()
        expect(dialog().queryAllByRole('listitem')).toHaveLength(0)
      }
    },
    'taxonomy.uploaded': ({ event }: Ctx) => {
      expect(dialog().getByRole('table', { name: 'What the import did' })).toBeTruthy()
      const toast = screen.getByText(event.message as string).closest('[data-type]')
      expect(toast?.getAttribute('data-type')).toBe('success')
    },
    // Cancel stops the upload: nothing is left waiting
    'taxonomy.cancelled': ({ ui }) => {
      expect(uploads(ui)).toHaveLength(0)
      expect(dialog().getByTestId('taxonomy-file')).toBeTruthy()
      expect(ui.net.seen.filter((r) => r.path === post.path).length).toBeGreaterThan(0)
    },
    // the same file is sent again
    'taxonomy.retry': ({ ui }) => {
      expect((uploads(ui)[0]!.body as FormData).get('file')).toBe(ui.file)
    },
  },
})
