import { useRef } from 'react'
import { useField } from 'react-final-form'
import { NumberField, type NumberFieldProps } from '../ui/number-field'
import { PhoneField } from '../ui/phone-field'
import { RichTextEditor, type RichTextEditorProps } from '../ui/rich-text-editor'
import { SelectField, type SelectFieldProps } from '../ui/select-field'
import { Switch } from '../ui/switch'
import { TextareaField } from '../ui/textarea-field'
import { type ContentLanguage, contentDirection, FormTextField, shownError, subscription, textField } from './fields'

/**
 * final-form bindings of the Ark fields: same error policy as `fields.tsx` (after typing and
 * leaving, or after a submit; a server error until the value changes).
 */
type Common = {
  name: string
  label: string
  serverError?: string | undefined
  required?: boolean
  disabled?: boolean
}

export function FormTextareaField({
  name,
  label,
  serverError,
  rows,
  placeholder,
  lang,
  ...rest
}: Common & ContentLanguage & { rows?: number; placeholder?: string; maxLength?: number }) {
  const { input, meta } = useField<string>(name, textField)
  return (
    <TextareaField
      {...input}
      {...rest}
      {...contentDirection({ lang })}
      rows={rows}
      placeholder={placeholder}
      label={label}
      error={shownError(meta, serverError)}
    />
  )
}

export function FormPhoneField({ name, label, serverError, ...rest }: Common & { placeholder?: string }) {
  const { input, meta } = useField<string>(name, textField)
  return <PhoneField {...input} {...rest} label={label} error={shownError(meta, serverError)} />
}

/** Stores a number (undefined when empty) while keeping the text being typed, e.g. "1." or "-". */
export function FormNumberField({
  name,
  label,
  serverError,
  ...rest
}: Common & Omit<NumberFieldProps, 'label' | 'error' | 'value' | 'onValueChange' | 'onBlur' | 'onFocus' | 'name'>) {
  const { input, meta } = useField<number | undefined>(name, { subscription })
  const text = useRef('')
  const stored = typeof input.value === 'number' && Number.isFinite(input.value) ? input.value : undefined
  if (
    stored === undefined
      ? text.current.trim() !== '' && Number.isFinite(Number(text.current))
      : text.current.trim() === '' || Number(text.current) !== stored
  ) {
    text.current = stored === undefined ? '' : String(stored)
  }
  return (
    <NumberField
      {...rest}
      name={name}
      label={label}
      value={text.current}
      onValueChange={(value, asNumber) => {
        text.current = value
        input.onChange(Number.isFinite(asNumber) ? asNumber : undefined)
      }}
      onBlur={() => input.onBlur()}
      onFocus={() => input.onFocus()}
      error={shownError(meta, serverError)}
    />
  )
}

export function FormSelectField({ name, label, serverError, ...rest }: Common & Pick<SelectFieldProps, 'options' | 'placeholder'>) {
  const { input, meta } = useField<string>(name, { subscription })
  return (
    <SelectField
      {...rest}
      name={name}
      label={label}
      value={input.value ?? ''}
      onValueChange={(v) => input.onChange(v)}
      onBlur={() => input.onBlur()}
      error={shownError(meta, serverError)}
    />
  )
}

export function FormRichTextEditor({
  name,
  label,
  serverError,
  ...rest
}: Common & Pick<RichTextEditorProps, 'labels' | 'placeholder' | 'dir' | 'helper' | 'promptLink'>) {
  const { input, meta } = useField<string>(name, textField)
  return (
    <RichTextEditor
      {...rest}
      label={label}
      value={input.value ?? ''}
      onChange={(html) => input.onChange(html)}
      onBlur={() => input.onBlur()}
      onFocus={() => input.onFocus()}
      error={shownError(meta, serverError)}
    />
  )
}

/** A boolean field as a switch (e.g. a record's `is_active`). */
export function FormSwitch({ name, label }: { name: string; label: string }) {
  const { input } = useField<boolean>(name, { subscription: { value: true }, type: 'checkbox' })
  return <Switch label={label} checked={Boolean(input.checked ?? input.value)} onCheckedChange={(v) => input.onChange(v)} />
}

/**
 * One translated value as two fields, `{name}_ar` then `{name}_en`: each is typed in its own
 * language's direction whatever the page's, and their labels and errors follow the page. `rows`
 * makes them text areas.
 */
export function FormBilingualFields({
  name,
  labels,
  required,
  rows,
  serverError,
}: {
  name: string
  labels: { ar: string; en: string }
  required?: boolean
  rows?: number
  serverError: (field: string) => string | undefined
}) {
  const field = (lang: 'ar' | 'en') => {
    const props = {
      name: `${name}_${lang}`,
      label: labels[lang],
      lang,
      serverError: serverError(`${name}_${lang}`),
      ...(required ? { required } : {}),
    }
    return rows ? <FormTextareaField {...props} rows={rows} /> : <FormTextField {...props} />
  }
  return (
    <>
      {field('ar')}
      {field('en')}
    </>
  )
}
