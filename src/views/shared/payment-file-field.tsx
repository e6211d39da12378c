import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { fieldStyles } from '../../ui/field'

/** The payment files the server takes (checked by content there): png, jpg, jpeg, webp or pdf. */
const ACCEPTED = 'image/png,image/jpeg,image/webp,application/pdf,.png,.jpg,.jpeg,.webp,.pdf'

const box = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '10',
  px: '3',
  py: '1.5',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  bg: 'bg.default',
  cursor: 'pointer',
  fontSize: 'sm',
  minW: '0',
  _hover: { borderColor: 'primary.500' },
  '&[data-invalid]': { borderColor: 'red.500' },
  '&:has(input:focus-visible)': { outline: '2px solid', outlineColor: 'primary.500', outlineOffset: '2px' },
})
const chip = css({ flexShrink: 0, px: '3', py: '1', borderRadius: 'md', bg: 'primary.50', color: 'primary.700', fontWeight: '600' })
const chosen = css({
  minW: '0',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
  '&[data-empty]': { color: 'fg.muted' },
})

/**
 * The file of a payment form (a receipt, a payout's proof), its error or its hint under it. The
 * browser's own file button speaks the browser's language: this one speaks the page's.
 */
export function PaymentFileField({
  id,
  label,
  error,
  hint,
  file,
  onFile,
}: {
  id: string
  label: string
  error: string | undefined
  hint?: string
  /** The file chosen (kept by the form, so it still shows after the field is shown again). */
  file: File | null
  onFile: (file: File | null) => void
}) {
  const { t } = useTranslation()
  const name = file?.name ?? null
  const described = [`${id}-chosen`, error ? `${id}-error` : hint ? `${id}-hint` : null].filter(Boolean).join(' ')
  return (
    <div className={fieldStyles.root}>
      <span id={`${id}-label`} className={fieldStyles.label}>
        {label}
      </span>
      <label className={box} data-invalid={error ? '' : undefined}>
        <input
          id={id}
          type="file"
          accept={ACCEPTED}
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={css({ srOnly: true })}
          onChange={(e) => onFile(e.target.files?.[0] ?? null)}
        />
        <span aria-hidden className={chip}>
          {t('form.chooseFile')}
        </span>
        <span id={`${id}-chosen`} className={chosen} data-empty={name ? undefined : ''}>
          {name ? <bdi>{name}</bdi> : t('form.noFile')}
        </span>
      </label>
      {error ? (
        <p id={`${id}-error`} role="alert" className={fieldStyles.error}>
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-hint`} className={fieldStyles.helper}>
          {hint}
        </p>
      ) : null}
    </div>
  )
}
