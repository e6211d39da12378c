import { assign, fromCallback, setup } from 'xstate'
import { uploadImage } from '../api/uploads'
import type { UploadResult } from '../contract/uploads'
import { failureOf } from './failure'

export type ImageUploadContext = {
  /** The stored image's name (what the record keeps), or null. */
  path: string | null
  file: File | null
  progress: number | null
  error: string | null
}

export type ImageUploadEvent =
  | { type: 'upload.selected'; file: File }
  | { type: 'upload.rejected'; message: string }
  | { type: 'upload.cleared' }
  | { type: 'upload.progress'; percent: number }
  | { type: 'upload.done'; result: UploadResult }
  | { type: 'upload.failed'; error: unknown }

export type ChangeParams = { path: string | null }

/**
 * An image field: a chosen file is uploaded at once (progress shown), its stored name becomes the
 * field's value; a refused or failed file leaves the previous value and says why. The app provides
 * `onChange` (the form's value) and may provide `onStarted` / `onStored` / `onStopped` (a form
 * holds a save until the file is stored).
 */
export const imageUploadMachine = setup({
  types: {
    context: {} as ImageUploadContext,
    events: {} as ImageUploadEvent,
    input: {} as { path: string | null },
  },
  actors: {
    upload: fromCallback<ImageUploadEvent, { file: File }>(({ input, sendBack }) => {
      const controller = new AbortController()
      uploadImage(input.file, (percent) => sendBack({ type: 'upload.progress', percent }), controller.signal).then(
        (result) => sendBack({ type: 'upload.done', result }),
        (error: unknown) => sendBack({ type: 'upload.failed', error }),
      )
      return () => controller.abort()
    }),
  },
  actions: {
    onChange: (_, _params: ChangeParams) => {},
    onStarted: () => {},
    onStored: (_, _params: { path: string }) => {},
    onStopped: () => {},
  },
}).createMachine({
  id: 'imageUpload',
  description: "An image field: the stored image, a new file's upload with progress, removal.",
  context: ({ input }) => ({ path: input.path, file: null, progress: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Shows the stored image, if any; a new file can be chosen or the image removed.',
      on: {
        'upload.selected': {
          target: 'uploading',
          description: 'A png, jpg or webp file was chosen: its upload starts.',
          actions: [assign({ file: ({ event }) => event.file, progress: 0, error: null }), 'onStarted'],
        },
        'upload.rejected': {
          description: 'A file of another type is refused before anything is sent: the field says why; the image stays.',
          actions: assign({ error: ({ event }) => event.message, file: null }),
        },
        'upload.cleared': {
          description: 'The image is removed from the record.',
          actions: [assign({ path: null, file: null, error: null }), { type: 'onChange', params: { path: null } }],
        },
      },
    },
    uploading: {
      description: 'The file is sent; the bar shows the progress. Choosing another file or removing it stops this upload.',
      invoke: { id: 'upload', src: 'upload', input: ({ context }) => ({ file: context.file as File }) },
      on: {
        'upload.progress': { description: 'The bar moves.', actions: assign({ progress: ({ event }) => event.percent }) },
        'upload.done': {
          target: 'idle',
          description: 'Stored: the record now points at the new image.',
          actions: [
            assign({ path: ({ event }) => event.result.path, progress: null, error: null }),
            { type: 'onChange', params: ({ event }) => ({ path: event.result.path }) },
            { type: 'onStored', params: ({ event }) => ({ path: event.result.path }) },
          ],
        },
        'upload.failed': {
          target: 'idle',
          description: 'The server refused the file (type, size) or could not be reached; the previous image stays.',
          actions: [
            assign({
              file: null,
              progress: null,
              error: ({ event }) => failureOf(event.error).errors.file?.[0] ?? failureOf(event.error).message,
            }),
            'onStopped',
          ],
        },
        'upload.rejected': {
          description: 'A refused file chosen meanwhile: the field says why; this upload goes on.',
          actions: assign({ error: ({ event }) => event.message }),
        },
        'upload.selected': {
          target: 'uploading',
          reenter: true,
          description: 'Another file chosen: this upload stops and the new one starts.',
          actions: assign({ file: ({ event }) => event.file, progress: 0, error: null }),
        },
        'upload.cleared': {
          target: 'idle',
          description: 'Removed while uploading: the upload stops and the field is empty.',
          actions: [
            assign({ path: null, file: null, progress: null, error: null }),
            { type: 'onChange', params: { path: null } },
            'onStopped',
          ],
        },
      },
    },
  },
})
