import { useSelector } from '@xstate/react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { IMAGE_MAX_BYTES, imageUrlOf } from '../../contract/uploads'
import { shownError, subscription } from '../../forms/fields'
import { imageUploadMachine } from '../../machines/image-upload'
import { ImageUpload } from '../../ui/image-upload'
import { useEnclosingCrudForm } from './resource-form'
import { useChart } from './runtime'

/**
 * A record's image (its stored upload name, or null) through the imageUpload chart: a chosen file
 * is checked, uploaded at once with progress, and its stored name becomes the form's value. A save
 * pressed meanwhile waits for the file (the form's crudForm chart holds it).
 */
export function FormImageField({ name, label, serverError }: { name: string; label: string; serverError?: string | undefined }) {
  const { t } = useTranslation()
  const { input, meta } = useField<string | null>(name, { subscription })
  const form = useEnclosingCrudForm()
  const upload = useChart(
    imageUploadMachine.provide({
      actions: {
        onChange: (_, { path }) => input.onChange(path),
        onStarted: () => form?.send({ type: 'form.uploadStarted', field: name }),
        onStored: (_, { path }) => form?.send({ type: 'form.uploadFinished', field: name, value: path }),
        onStopped: () => form?.send({ type: 'form.uploadStopped', field: name }),
      },
    }),
    { path: input.value || null },
  )
  const uploading = useSelector(upload, (s) => s.matches('uploading'))
  const file = useSelector(upload, (s) => s.context.file)
  const progress = useSelector(upload, (s) => s.context.progress)
  const error = useSelector(upload, (s) => s.context.error)
  // what the form will save: the stored image the chart handed it (a failed or refused file leaves it)
  const value = input.value || null
  return (
    <ImageUpload
      name={name}
      label={label}
      helper={t('image.helper', { mb: IMAGE_MAX_BYTES / 1024 / 1024 })}
      file={uploading ? file : null}
      onFileChange={(f) => upload.send(f ? { type: 'upload.selected', file: f } : { type: 'upload.cleared' })}
      onReject={() => upload.send({ type: 'upload.rejected', message: t('validation.imageType') })}
      currentUrl={imageUrlOf(value)}
      previewAlt={t('image.preview')}
      dropzoneText={uploading ? t('image.uploading') : t('image.dropzone')}
      triggerLabel={value ? t('image.replace') : t('image.choose')}
      removeLabel={t('image.remove')}
      typeError={t('validation.imageType')}
      progress={progress}
      progressLabel={t('image.uploading')}
      // a failure without the server's word (it was not reached) still says something
      error={error === null ? shownError(meta, serverError) : error || t('errors.generic')}
    />
  )
}
