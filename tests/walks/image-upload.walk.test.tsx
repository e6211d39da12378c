import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import type { AnyEventObject } from 'xstate'
import { imageUrlOf, uploadsPaths } from '../../src/contract/uploads'
import { imageUploadMachine } from '../../src/machines/image-upload'
import { renderApp, type App } from './app'
import { createNetwork, failed, type Network } from './network'
import { walk } from './walk'

/**
 * imageUpload walked through the image field of the new-category form: a chosen file is uploaded
 * at once (the network reports its progress), its stored name becomes the field's value (the
 * preview shows what the form will save); a refused type, a refused upload or an unreachable
 * server keeps the previous image and says why; another file chosen meanwhile starts over; Remove
 * stops an upload or empties the field.
 */

const net = createNetwork()
type Ui = {
  app: App
  net: Network
  /** What the field must hold and say, as the steps performed so far decided (not as the chart says). */
  value: string | null
  error: string | null
  progress: number
  /** The file being uploaded. */
  uploading: File | null
  /** Refused files alternate (the picker reports the same refused file only once in a row). */
  refusals: number
}
type S = ReturnType<typeof imageUploadMachine.getInitialSnapshot>

const PNG = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'cover.png', { type: 'image/png' })
const JPG = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'photo.jpg', { type: 'image/jpeg' })
const REFUSED = [new File(['GIF89a'], 'anim.gif', { type: 'image/gif' }), new File(['hello'], 'notes.png', { type: 'text/plain' })]
const STORED = '0f8fad5b-d9cb-469f-a165-70867728950e.png'
const TYPE_ERROR = 'Allowed images: png, jpg, jpeg, webp'
const TOO_LARGE = { status: 422, message: 'Some fields need your attention.', errors: { file: ['The image may be 2 MB at most.'] } }
const UNREACHABLE = { status: 0, message: '', errors: {} }
const GENERIC = 'Something went wrong. Please try again.'
const upload = { method: 'POST', path: uploadsPaths.images }

const events: AnyEventObject[] = [
  // (the traversal tells events apart by their JSON, where a File is `{}`: the name says which)
  { type: 'upload.selected', file: PNG, name: PNG.name },
  { type: 'upload.selected', file: JPG, name: JPG.name },
  { type: 'upload.rejected', message: TYPE_ERROR },
  { type: 'upload.cleared' },
  { type: 'upload.progress', percent: 40 },
  { type: 'upload.done', result: { path: STORED, url: imageUrlOf(STORED), size: 4, type: 'image/png' } },
  { type: 'upload.failed', error: TOO_LARGE },
  { type: 'upload.failed', error: UNREACHABLE },
]

/** What the field offers: Remove while there is a file or an image; the same file again changes nothing. */
const offered = (s: S, e: AnyEventObject) => {
  if (!s.can(e as never)) return false
  if (e.type === 'upload.selected') return e.name !== s.context.file?.name
  if (e.type === 'upload.cleared') return s.matches('uploading') || s.context.path !== null
  return true
}
const vertex = (s: S) => [s.context.path !== null, s.context.error !== null]

const fileInput = () => screen.getByTestId('image-file')
/** The image field (the picker around the hidden file input). */
const field = () => within(fileInput().closest<HTMLElement>('[data-scope="file-upload"][data-part="root"]')!)
const progressbar = () => screen.queryByRole('progressbar', { name: 'Uploading the image…' })
const preview = () => field().queryByRole('img', { name: 'Image preview' })
const uploads = (ui: Ui) => ui.net.waiting().filter((r) => r.method === upload.method && r.path === upload.path)

walk<Ui>({
  name: 'imageUpload',
  machine: imageUploadMachine,
  timeout: 8000,
  surfaces: [
    {
      name: 'the image field of the new-category form',
      input: { path: null },
      events,
      when: offered,
      vertex,
      start: () => {
        net.install()
        net.reset()
        const app = renderApp(net, '/admin-panel/categories/create', { before: ['/admin-panel/categories/list'] })
        return { app, net, value: null, error: null, progress: 0, uploading: null, refusals: 0 }
      },
      stop: ({ app }) => {
        app.stop()
        net.uninstall()
      },
    },
  ],
  perform: {
    'upload.selected': ({ ui, event }) => {
      ui.uploading = event.file as File
      ui.progress = 0
      ui.error = null
      fireEvent.input(fileInput(), { target: { files: [event.file] } })
    },
    'upload.rejected': ({ ui }) => {
      ui.error = TYPE_ERROR
      fireEvent.input(fileInput(), { target: { files: [REFUSED[ui.refusals++ % 2]] } })
    },
    'upload.cleared': ({ ui }) => {
      ui.value = null
      ui.error = null
      ui.uploading = null
      fireEvent.click(field().getByRole('button', { name: 'Remove image' }))
    },
    'upload.progress': ({ ui, event }) => {
      ui.progress = event.percent as number
      return ui.net.progress(upload, ui.progress)
    },
    'upload.done': async ({ ui, event }) => {
      const result = event.result as { path: string }
      ui.value = result.path
      ui.error = null
      ui.uploading = null
      await ui.net.answer(upload, { status: 201, body: { status: true, message: '', result } })
    },
    'upload.failed': async ({ ui, event }) => {
      const e = event.error as typeof TOO_LARGE
      ui.error = e.errors.file?.[0] ?? (e.message || GENERIC)
      ui.uploading = null
      await ui.net.answer(upload, e.status === 0 ? { unreachable: true } : failed(e.status, e.message, e.errors))
    },
  },
  states: {
    idle: ({ ui }) => {
      expect(progressbar()).toBeNull()
      expect(uploads(ui)).toHaveLength(0)
      expect(field().getByText('Drop an image here or choose one.')).toBeTruthy()
      expect(field().getByText(ui.value ? 'Replace image' : 'Choose image')).toBeTruthy()
    },
    // the file is sent once, and the bar says how far it got
    uploading: ({ ui }) => {
      expect(progressbar()?.getAttribute('aria-valuenow')).toBe(String(ui.progress))
      expect(field().getByText('Uploading the image…')).toBeTruthy()
      const sent = uploads(ui)
      expect(sent).toHaveLength(1)
      expect((sent[0]!.body as FormData).get('file')).toBe(ui.uploading)
      expect(field().getByRole('button', { name: 'Remove image' })).toBeTruthy()
    },
    // the preview is the field's value (what the form saves) while no new file is sent; the field says why a file was not taken
    '*': ({ ui, actor }) => {
      if (!(actor().getSnapshot() as S).matches('uploading')) {
        if (ui.value) expect(preview()?.getAttribute('src')).toBe(imageUrlOf(ui.value))
        else expect(preview()).toBeNull()
      }
      if (ui.error) expect(screen.getByText(ui.error)).toBeTruthy()
      else expect(screen.queryByText(TYPE_ERROR)).toBeNull()
    },
  },
  after: {
    // another file chosen meanwhile: the first upload is given up, only the new one is sent
    'upload.selected': ({ ui, event }) => {
      expect(uploads(ui).map((r) => (r.body as FormData).get('file'))).toEqual([event.file])
    },
    // refused before sending: nothing new goes out, an upload under way goes on
    'upload.rejected': ({ ui, actor }) => {
      expect(screen.getByText(TYPE_ERROR)).toBeTruthy()
      expect(uploads(ui)).toHaveLength((actor().getSnapshot() as S).matches('uploading') ? 1 : 0)
      expect(ui.net.seen.filter((r) => r.path === upload.path && (r.body as FormData).get('file') instanceof File)).toSatisfy(
        (sent: { body: unknown }[]) => sent.every((r) => !REFUSED.includes((r.body as FormData).get('file') as File)),
      )
    },
    'upload.progress': ({ event }) => {
      expect(progressbar()?.getAttribute('aria-valuenow')).toBe(String(event.percent))
    },
    // the stored name becomes the field's value
    'upload.done': ({ event }) => {
      expect(progressbar()).toBeNull()
      expect(preview()?.getAttribute('src')).toBe(imageUrlOf((event.result as { path: string }).path))
    },
    // the previous image stays and the field says why
    'upload.failed': ({ ui, event }) => {
      const e = event.error as typeof TOO_LARGE
      expect(progressbar()).toBeNull()
      expect(screen.getByText(e.errors.file?.[0] ?? (e.message || GENERIC))).toBeTruthy()
      if (ui.value) expect(preview()?.getAttribute('src')).toBe(imageUrlOf(ui.value))
      else expect(preview()).toBeNull()
    },
    // Remove stops an upload and empties the field
    'upload.cleared': ({ ui }) => {
      expect(uploads(ui)).toHaveLength(0)
      expect(progressbar()).toBeNull()
      expect(preview()).toBeNull()
    },
  },
})
