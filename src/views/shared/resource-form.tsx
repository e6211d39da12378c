import { useSelector } from '@xstate/react'
import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react'
import { Form, FormSpy } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type * as z from 'zod/mini'
import { css } from 'styled-system/css'
import {
  crudFormMachine,
  formFailure,
  formLoadingFlags,
  initialValuesOf,
  isAwaitingUploads,
  versionOf,
  type FormResource,
} from '../../machines/crud-form'
import { zodValidator } from '../../forms/zod-adapter'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from './card'
import type { LabelOf } from './conflict-dialog'
import { CrudFormActions } from './crud-form-actions'
import { useGuardedForm } from './form-guard'
import { useNavigationGuard } from './navigation-guard'
import { useChart, useToaster } from './runtime'
import { useTranslateRef } from './use-translate-ref'

export const formStyles = {
  card: cardStyle,
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' }),
  /** A field across both columns. */
  wide: css({ gridColumn: { md: '1 / -1' } }),
}

export type ServerError = (field: string) => string | undefined

export type CrudFormActor = ActorRefFrom<typeof crudFormMachine>

/** The crudForm chart of the form a field sits in (an image field tells it about its uploads). */
const CrudFormContext = createContext<CrudFormActor | null>(null)
export const useEnclosingCrudForm = () => useContext(CrudFormContext)

export type ResourceFormProps<Values extends object, Loaded> = {
  resource: FormResource
  /** The contract's bodies: the same rules run here before the server applies them again. */
  schemas: { create: z.ZodMiniType; update: z.ZodMiniType }
  /** The form's values from a loaded record (or from `{}` for a new one). */
  valuesOf: (record: Partial<Loaded>) => Values
  /** What is sent (e.g. empty optional texts as null). */
  payloadOf?: (values: Values) => object
  /** Where a saved record goes (its id), and where Cancel goes. */
  savedPath: (id: number) => string
  listPath: string
  /** The fields; `serverError` gives the server's message for a field after a 422. */
  children: (serverError: ServerError) => ReactNode
  /** Where the fields' labels are in the locale files (`<labels>.fields.<field>`; default: the resource's name). */
  labels?: string
}

/**
 * A resource's create (no `:id`) or edit page: the crudForm chart loads, validates with the
 * contract, saves (a toast with the server's message, then `savedPath`), puts server errors on their
 * fields and asks before unsaved changes are left (by Cancel, a link or Back). A new `:id` starts a
 * new chart.
 */
export function ResourceForm<Values extends object, Loaded>(props: ResourceFormProps<Values, Loaded>) {
  const params = useParams()
  const id = params.id ? Number(params.id) : undefined
  return <ResourceFormChart key={id ?? 'new'} id={id} {...props} />
}

function ResourceFormChart<Values extends object, Loaded>({
  id,
  resource,
  schemas,
  valuesOf,
  payloadOf = (values) => values,
  savedPath,
  listPath,
  children,
  labels = resource.name,
}: ResourceFormProps<Values, Loaded> & { id: number | undefined }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const toaster = useToaster()
  const guard = useNavigationGuard()
  const form = useChart(
    crudFormMachine.provide({
      actions: {
        onSaved: (_, saved) => {
          toaster.success({ title: saved.message })
          guard.leaving()
          navigate(savedPath(saved.id ?? (saved.record as { id?: number } | null)?.id ?? 0))
        },
        leave: () => {
          guard.leaving()
          navigate(listPath)
        },
        ...guard.actions,
      },
    }),
    // a stale edit is compared in the values the form sends
    { resource, ...(id ? { id } : {}), fieldsOf: (loaded) => payloadOf(valuesOf(loaded as Partial<Loaded>)) as Record<string, unknown> },
  )
  useGuardedForm(form, guard)
  const loading = useSelector(form, (s) => formLoadingFlags(s).item || s.matches('starting'))
  const failed = useSelector(form, (s) => (s.matches('loadFailed') ? (formFailure(s)?.message ?? '') : null))
  const record = useSelector(form, initialValuesOf) as Partial<Loaded>
  const errors = useSelector(form, (s) => s.context.errors)
  // eslint-disable-next-line react-hooks/exhaustive-deps -- new initial values only when a record is (re)loaded
  const initialValues = useMemo(() => valuesOf(record), [record])
  const validate = useValidator(id ? schemas.update : schemas.create, record as Record<string, unknown>, translate)
  const serverError: ServerError = (field) => errors[field]?.[0]

  if (loading) return <LoadingScreen label={t('common.loading')} />
  if (failed !== null)
    return (
      <LoadFailed
        message={failed}
        onRetry={() => form.send({ type: 'form.retry' })}
        onBack={() => form.send({ type: 'form.leaveRequested' })}
      />
    )
  return (
    <CrudFormBody<Values>
      form={form}
      initialValues={initialValues}
      validate={validate}
      payloadOf={payloadOf}
      className={formStyles.card}
      labelOf={(field) => t(`${labels}.fields.${field}`, { defaultValue: field })}
    >
      {children(serverError)}
    </CrudFormBody>
  )
}

/** The contract's rules over what would be sent, the record's version included (the chart adds it). */
function useValidator(schema: z.ZodMiniType, record: Record<string, unknown>, translate: ReturnType<typeof useTranslateRef>) {
  return useMemo(() => {
    const check = zodValidator(schema, translate)
    const version = versionOf(record)
    return (payload: unknown) => check({ ...(payload as object), ...version })
  }, [schema, record, translate])
}

/** A field's server error after a 422, for forms that render their own fields (a modal). */
export const useServerError = (form: CrudFormActor): ServerError => {
  const errors = useSelector(form, (s) => s.context.errors)
  return (field) => errors[field]?.[0]
}

/**
 * The final-form of a crudForm chart, for a page or a modal: the contract's rules run before
 * anything is sent, the dirty state goes to the chart (which asks before it is lost), and the form
 * ends with Cancel / Save and the chart's questions. While a save waits for an upload the fields
 * are held as they were sent.
 */
export function CrudFormBody<Values extends object>({
  form,
  initialValues,
  validate,
  payloadOf,
  className,
  labelOf = (field) => field,
  children,
}: {
  form: CrudFormActor
  labelOf?: LabelOf
  initialValues: Values
  validate: (payload: unknown) => object
  payloadOf: (values: Values) => object
  className?: string
  children: ReactNode
}) {
  const saving = useSelector(form, (s) => formLoadingFlags(s).crud)
  const holding = useSelector(form, isAwaitingUploads)
  const serverErrors = useSelector(form, (s) => s.context.errors)
  const formElement = useRef<HTMLFormElement>(null)
  // a save refused (by the rules here or by the server) takes the admin to the first field to fix,
  // in the form's order, scrolled into view: a long form's errors are never out of sight
  const focusFirstInvalid = () =>
    requestAnimationFrame(() => {
      const field = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]')
      if (!field) return
      field.focus({ preventScroll: true })
      field.scrollIntoView?.({ block: 'center' })
    })
  useEffect(() => {
    if (Object.keys(serverErrors).length > 0) focusFirstInvalid()
  }, [serverErrors])
  // an emptied text field holds undefined (final-form's parse): an empty initial text is undefined
  // too, so clearing what was typed leaves the form unchanged
  const initial = useMemo(
    () => Object.fromEntries(Object.entries(initialValues).map(([key, value]) => [key, value === '' ? undefined : value])) as Values,
    [initialValues],
  )
  return (
    <CrudFormContext.Provider value={form}>
      <Form<Values>
        initialValues={initial}
        // after a stale edit the record saved meanwhile becomes the form's base: what the admin typed stays
        keepDirtyOnReinitialize
        validate={(values) => validate(payloadOf(values))}
        onSubmit={(values) => {
          form.send({ type: 'form.submit', values: payloadOf(values) as Record<string, unknown> })
        }}
        render={({ handleSubmit, form: finalForm }) => (
          <form
            ref={formElement}
            onSubmit={(event) => {
              void handleSubmit(event)
              if (finalForm.getState().hasValidationErrors) focusFirstInvalid()
            }}
            noValidate
            className={className}
            aria-busy={saving}
          >
            {/* the form's last render after the chart has finished (saved, left) has no one to tell */}
            <FormSpy
              subscription={{ dirty: true }}
              onChange={({ dirty }) => form.getSnapshot().status === 'active' && form.send({ type: 'form.changed', dirty: Boolean(dirty) })}
            />
            <fieldset disabled={holding} className={css({ minW: '0' })}>
              {children}
            </fieldset>
            <CrudFormActions form={form} labelOf={labelOf} />
          </form>
        )}
      />
    </CrudFormContext.Provider>
  )
}
