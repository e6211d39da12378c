import { useActorRef, useSelector } from '@xstate/react'
import { useField } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { IMAGE_MAX_BYTES, imageUrlOf } from '../../contract'
import { shownError, subscription } from '../../forms/fields'
import { imageUploadMachine } from '../../machines/image-upload'
import { ImageUpload } from '../../ui/image-upload'

/**
 * A record's image (its stored upload name, or null) through the imageUpload chart: a chosen file
 * is checked, uploaded at once with progress, and its stored name becomes the form's value. While a
 * file is still uploading the form cannot be submitted.
 */
export function FormImageField({ name, label, serverError }: { name: string; label: string; serverError?: string | undefined }) {
  const { t } = useTranslation()
  const { input, meta } = useField<string | null>(name, { subscription })
  const upload = useActorRef(
    imageUploadMachine.provide({ actions: { onChange: (_, { path }) => input.onChange(path) } }),
    { input: { path: input.value || null } },
  )
  const snapshot = useSelector(upload, (s) => s)
  const uploading = snapshot.matches('uploading')
  const { path, file, progress, error } = snapshot.context
  return (
    <>
      <ImageUpload
        name={name}
        label={label}
        helper={t('image.helper', { mb: IMAGE_MAX_BYTES / 1024 / 1024 })}
        file={uploading ? file : null}
        onFileChange={(f) => upload.send(f ? { type: 'upload.selected', file: f } : { type: 'upload.cleared' })}
        onReject={() => upload.send({ type: 'upload.rejected', message: t('validation.imageType') })}
        currentUrl={imageUrlOf(path)}
        previewAlt={t('image.preview')}
        dropzoneText={uploading ? t('image.uploading') : t('image.dropzone')}
        triggerLabel={path ? t('image.replace') : t('image.choose')}
        removeLabel={t('image.remove')}
        typeError={t('validation.imageType')}
        progress={progress}
        progressLabel={t('image.uploading')}
        error={error ?? shownError(meta, serverError)}
      />
      {/* Re-registered when the upload starts or ends, so the form re-validates and holds a submit meanwhile. */}
      <UploadGuard key={uploading ? 'busy' : 'idle'} name={name} busy={uploading} message={t('image.wait')} />
    </>
  )
}

function UploadGuard({ name, busy, message }: { name: string; busy: boolean; message: string }) {
  const { meta } = useField(`${name}__upload`, { subscription: { submitFailed: true }, validate: () => (busy ? message : undefined) })
  return busy && meta.submitFailed ? (
    <p role="alert" className={css({ color: 'red.700', fontSize: 'sm', mt: '-3' })}>
      {message}
    </p>
  ) : null
}
