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

/**
 * The language a field's value is written in, when it is not the page's (the Arabic name in the
 * English UI, the English one in the Arabic UI): the input is typed in that language's direction
 * while its label and error follow the page.
 */
export type ContentLanguage = { lang?: 'ar' | 'en' }
export const contentDirection = ({ lang }: ContentLanguage) => (lang ? { lang, dir: lang === 'ar' ? 'rtl' : 'ltr' } : {})

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

/**
 * A text field's binding: an emptied field (final-form stores it as `undefined`) is the same as one
 * that started empty (`''`), so typing into an empty field and clearing it again leaves the form
 * untouched, and leaving it asks nothing.
 */
export const textField = {
  subscription,
  isEqual: (a: unknown, b: unknown) => (a ?? '') === (b ?? ''),
}

export function FormTextField({
  name,
  label,
  serverError,
  type = 'text',
  lang,
  ...rest
}: Common & ContentLanguage & { type?: string; inputMode?: 'email' | 'tel' | 'text' }) {
  const { input, meta } = useField<string>(name, textField)
  return <TextField {...input} {...rest} {...contentDirection({ lang })} type={type} label={label} error={shownError(meta, serverError)} />
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
  const { input, meta } = useField<string>(name, textField)
  return (
    <PasswordField {...input} {...rest} label={label} showLabel={showLabel} hideLabel={hideLabel} error={shownError(meta, serverError)}>
      {children?.(input.value ?? '')}
    </PasswordField>
  )
}
