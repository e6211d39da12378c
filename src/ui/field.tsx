import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { css } from 'styled-system/css'

export const fieldStyles = {
  root: css({ display: 'flex', flexDir: 'column', gap: '1.5', w: 'full' }),
  label: css({ fontSize: 'sm', fontWeight: '600', color: 'fg.default' }),
  input: css({
    h: '11',
    w: 'full',
    px: '3',
    borderRadius: 'lg',
    borderWidth: '1px',
    borderColor: 'border.strong',
    bg: 'bg.surface',
    fontSize: 'md',
    color: 'fg.default',
    outline: 'none',
    transition: 'border-color 120ms, box-shadow 120ms',
    _placeholder: { color: 'fg.subtle' },
    _focusVisible: { borderColor: 'primary.500', boxShadow: '0 0 0 3px token(colors.primary.100)', outline: 'none' },
    '&[data-invalid], &[aria-invalid=true]': { borderColor: 'red.500', _focusVisible: { boxShadow: '0 0 0 3px token(colors.red.100)' } },
    _disabled: { bg: 'bg.muted', cursor: 'not-allowed' },
  }),
  error: css({ fontSize: 'sm', color: 'danger.fg' }),
  required: css({ color: 'danger.fg', ms: '0.5' }),
  helper: css({ fontSize: 'sm', color: 'fg.muted' }),
}

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & {
  label: ReactNode
  error?: string | undefined
  helper?: ReactNode
}

/**
 * The ids and attributes that tie a plain input to its label, helper and error text (the parts Ark's
 * Field wires, without its code: the sign-in page and the registration wizard load only these).
 */
export function useFieldParts({ id, error, helper }: { id?: string | undefined; error?: string | undefined; helper?: boolean }) {
  const base = useId()
  const input = id ?? `${base}-input`
  const invalid = Boolean(error)
  const ids = { input, helper: `${base}-helper`, error: `${base}-error` }
  const describedBy = [helper && !invalid ? ids.helper : null, invalid ? ids.error : null].filter(Boolean).join(' ')
  return {
    ids,
    invalid,
    inputProps: {
      id: input,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy || undefined,
      'aria-errormessage': invalid ? ids.error : undefined,
      'data-invalid': invalid ? '' : undefined,
    },
  }
}

/** A label with the required mark (hidden from assistive technology, which reads `required`). */
export function FieldLabel({ htmlFor, required, children }: { htmlFor: string; required?: boolean | undefined; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={fieldStyles.label} data-part="label">
      {children}
      {required ? (
        <span aria-hidden="true" className={fieldStyles.required} data-part="required-indicator">
          *
        </span>
      ) : null}
    </label>
  )
}

/** A field's error, said politely. */
export function FieldError({ id, error }: { id: string; error: string }) {
  return (
    <span id={id} className={fieldStyles.error} aria-live="polite" data-part="error-text">
      {error}
    </span>
  )
}

/** A labelled input with its helper and error text, wired for assistive technology. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { label, error, helper, required, disabled, id, ...input },
  ref,
) {
  const parts = useFieldParts({ id, error, helper: Boolean(helper) })
  return (
    <div
      className={fieldStyles.root}
      data-part="root"
      data-invalid={parts.invalid ? '' : undefined}
      data-disabled={disabled ? '' : undefined}
    >
      <FieldLabel htmlFor={parts.ids.input} required={required}>
        {label}
      </FieldLabel>
      <input ref={ref} className={fieldStyles.input} required={required} disabled={disabled} {...parts.inputProps} {...input} />
      {helper && !error ? (
        <span id={parts.ids.helper} className={fieldStyles.helper} data-part="helper-text">
          {helper}
        </span>
      ) : null}
      {error ? <FieldError id={parts.ids.error} error={error} /> : null}
    </div>
  )
})
