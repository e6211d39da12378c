import { Field } from '@ark-ui/react/field'
import { FileUpload } from '@ark-ui/react/file-upload'
import { useState, type ReactNode } from 'react'
import { css, sva } from 'styled-system/css'
import { fieldStyles } from './field'
import { RequiredMark } from './required-mark'
import { CloseIcon, UploadIcon } from './icons'

/** Spec section 5: image uploads allowed are png, jpg, jpeg and webp. */
const imageTypes: Record<string, string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/webp': ['.webp'],
}

/**
 * True when both the name's extension and the browser-reported type are allowed and agree (a text
 * file renamed `.png` has type `text/plain` and is refused). Run before anything is uploaded.
 */
export function isAllowedImage(file: Pick<File, 'name' | 'type'>): boolean {
  const dot = file.name.lastIndexOf('.')
  const ext = dot >= 0 ? file.name.slice(dot).toLowerCase() : ''
  const exts = imageTypes[file.type.toLowerCase()]
  return Boolean(exts && exts.includes(ext))
}

export type ImageUploadProps = {
  label: ReactNode
  /** Validation or server error for the field. */
  error?: string | undefined
  helper?: ReactNode
  /** The chosen file (controlled), or null. */
  file: File | null
  onFileChange: (file: File | null) => void
  /**
   * Called with the refused file when its type or extension is not allowed; the caller then says
   * why through `error` (without it, the picker shows `typeError` itself until a file is accepted).
   */
  onReject?: (file: File) => void
  /** URL of the image already stored, previewed while no new file is chosen. */
  currentUrl?: string | null
  /** Alternative text of the preview. */
  previewAlt: string
  dropzoneText: ReactNode
  triggerLabel: string
  removeLabel: string
  /** Shown when a file of another type is dropped or picked. */
  typeError: string
  /** Upload progress 0..100; the bar shows while it is a number. */
  progress?: number | null
  progressLabel?: string
  name?: string
  required?: boolean
  disabled?: boolean
  maxFileSize?: number
}

const imageUploadRecipe = sva({
  slots: ['dropzone', 'trigger', 'preview', 'image', 'remove', 'progress', 'bar'],
  base: {
    dropzone: {
      display: 'flex',
      alignItems: 'center',
      gap: '4',
      p: '4',
      borderWidth: '1px',
      borderStyle: 'dashed',
      borderColor: 'border.strong',
      borderRadius: 'lg',
      bg: 'bg.subtle',
      color: 'fg.muted',
      fontSize: 'sm',
      textAlign: 'start',
      '&[data-dragging]': { borderColor: 'primary.500', bg: 'primary.50' },
      '[data-invalid] &': { borderColor: 'red.500' },
    },
    trigger: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2',
      h: '9',
      px: '3',
      borderRadius: 'md',
      borderWidth: '1px',
      borderColor: 'border.strong',
      bg: 'bg.surface',
      color: 'fg.default',
      fontWeight: '600',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      _hover: { bg: 'bg.muted' },
    },
    preview: {
      position: 'relative',
      flexShrink: 0,
      w: '16',
      h: '16',
      borderRadius: 'md',
      overflow: 'hidden',
      bg: 'bg.muted',
      borderWidth: '1px',
      borderColor: 'border.default',
    },
    image: { w: 'full', h: 'full', objectFit: 'cover' },
    remove: {
      display: 'inline-flex',
      alignItems: 'center',
      gap: '1.5',
      h: '9',
      px: '3',
      borderRadius: 'md',
      color: 'red.700',
      fontWeight: '600',
      cursor: 'pointer',
      whiteSpace: 'nowrap',
      _hover: { bg: 'red.50' },
      _disabled: { opacity: 0.5, cursor: 'not-allowed' },
    },
    progress: { h: '1.5', w: 'full', borderRadius: 'full', bg: 'gray.200', overflow: 'hidden' },
    bar: { h: 'full', bg: 'primary.600', transition: 'width 200ms' },
  },
})

/** A single image picker (Ark FileUpload): drop or choose, checked before upload, with a preview and progress. */
export function ImageUpload({
  label,
  error,
  helper,
  file,
  onFileChange,
  onReject,
  currentUrl,
  previewAlt,
  dropzoneText,
  triggerLabel,
  removeLabel,
  typeError,
  progress,
  progressLabel,
  name,
  required,
  disabled,
  maxFileSize,
}: ImageUploadProps) {
  const [refused, setRefused] = useState(false)
  const s = imageUploadRecipe()
  const shownError = refused && !onReject ? typeError : error
  const pct = typeof progress === 'number' ? Math.max(0, Math.min(100, Math.round(progress))) : null
  return (
    <Field.Root className={fieldStyles.root} invalid={Boolean(shownError)} required={required} disabled={disabled}>
      <FileUpload.Root
        className={css({ display: 'flex', flexDir: 'column', gap: '1.5' })}
        accept={imageTypes}
        maxFiles={1}
        maxFileSize={maxFileSize}
        name={name}
        acceptedFiles={file ? [file] : []}
        translations={{ dropzone: triggerLabel, itemPreview: () => previewAlt }}
        validate={(f) => (isAllowedImage(f) ? null : ['FILE_INVALID_TYPE'])}
        onFileAccept={(d) => {
          if (d.files.length) setRefused(false)
          onFileChange(d.files[0] ?? null)
        }}
        onFileReject={(d) => {
          const rejected = d.files[0]
          if (!rejected) return
          setRefused(true)
          onReject?.(rejected.file)
        }}
      >
        <FileUpload.Label className={fieldStyles.label}>
          {label}
          <RequiredMark />
        </FileUpload.Label>
        {/* The Trigger is the keyboard path; the zone only takes drops, so it is a group, not a second button. */}
        <FileUpload.Dropzone className={s.dropzone} disableClick role="group">
          {file ? (
            <FileUpload.ItemGroup className={css({ display: 'contents' })}>
              <FileUpload.Item file={file} className={s.preview}>
                <FileUpload.ItemPreview type="image/*">
                  <FileUpload.ItemPreviewImage className={s.image} alt={previewAlt} />
                </FileUpload.ItemPreview>
              </FileUpload.Item>
            </FileUpload.ItemGroup>
          ) : currentUrl ? (
            <span className={s.preview}>
              <img src={currentUrl} alt={previewAlt} className={s.image} />
            </span>
          ) : (
            <UploadIcon width={28} height={28} />
          )}
          <span className={css({ flex: '1', minW: '0' })}>{dropzoneText}</span>
          <FileUpload.Trigger className={s.trigger}>{triggerLabel}</FileUpload.Trigger>
          {file || currentUrl ? (
            <button type="button" className={s.remove} onClick={() => onFileChange(null)} disabled={disabled}>
              <CloseIcon width={14} height={14} />
              {removeLabel}
            </button>
          ) : null}
        </FileUpload.Dropzone>
        {pct !== null ? (
          <div
            role="progressbar"
            aria-label={progressLabel}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct}
            className={s.progress}
          >
            <div className={s.bar} style={{ width: `${pct}%` }} />
          </div>
        ) : null}
        <FileUpload.HiddenInput data-testid={name ? `${name}-file` : undefined} />
      </FileUpload.Root>
      {helper && !shownError ? <Field.HelperText className={fieldStyles.helper}>{helper}</Field.HelperText> : null}
      <Field.ErrorText className={fieldStyles.error}>{shownError}</Field.ErrorText>
    </Field.Root>
  )
}
