import { useField } from 'react-final-form'
import type { ReactNode } from 'react'
import { TextField } from '../ui/field'
import { PasswordField } from '../ui/password-field'

type Common = {
  name: string
  label: string
  /** An error the server returned for this field, shown until the value changes. */
  serverError?: string | undefined
  autoComplete?: string
  required?: boolean
  autoFocus?: boolean
}

export type Meta = { error?: unknown; touched?: boolean; modified?: boolean; submitFailed?: boolean; dirtySinceLastSubmit?: boolean }

/**
 * Rules run on every change; a field shows its error once it was typed in and left, or after a
 * submit. Leaving an untouched field says nothing, so the layout does not jump under the pointer.
 */
export const shownError = (meta: Meta, serverError?: string) => {
  if (((meta.touched && meta.modified) || meta.submitFailed) && typeof meta.error === 'string') return meta.error
  if (serverError && !meta.dirtySinceLastSubmit) return serverError
  return undefined
}

export const subscription = { value: true, error: true, touched: true, modified: true, submitFailed: true, dirtySinceLastSubmit: true }

export function FormTextField({
  name,
  label,
  serverError,
  type = 'text',
  ...rest
}: Common & { type?: string; inputMode?: 'email' | 'tel' | 'text' }) {
  const { input, meta } = useField<string>(name, { subscription })
  return <TextField {...input} {...rest} type={type} label={label} error={shownError(meta, serverError)} />
}

export function FormPasswordField({
  name,
  label,
  serverError,
  showLabel,
  hideLabel,
  children,
  ...rest
}: Common & { showLabel: string; hideLabel: string; children?: (value: string) => ReactNode }) {
  const { input, meta } = useField<string>(name, { subscription })
  return (
    <PasswordField {...input} {...rest} label={label} showLabel={showLabel} hideLabel={hideLabel} error={shownError(meta, serverError)}>
      {children?.(input.value ?? '')}
    </PasswordField>
  )
}
