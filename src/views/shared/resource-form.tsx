import { useActorRef, useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { Form, FormSpy } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams } from 'react-router-dom'
import type { ActorRefFrom } from 'xstate'
import type * as z from 'zod/mini'
import { css } from 'styled-system/css'
import { crudFormMachine, fieldErrorsOf, formFailure, formLoadingFlags, type FormResource } from '../../machines/crud-form'
import { zodValidator } from '../../forms/zod-adapter'
import { useRoot } from '../../app/root'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from './card'
import { CrudFormActions } from './crud-form-actions'
import { useGuardedForm, useNavigationGuard } from './navigation-guard'
import { useTranslateRef } from './use-translate-ref'

export const formStyles = {
  card: cardStyle,
  grid: css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' }),
  /** A field across both columns. */
  wide: css({ gridColumn: { md: '1 / -1' } }),
}

export type ServerError = (field: string) => string | undefined

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
}: ResourceFormProps<Values, Loaded> & { id: number | undefined }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const navigate = useNavigate()
  const { toaster } = useRoot()
  const guard = useNavigationGuard()
  const form = useActorRef(
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
    { input: { resource, ...(id ? { id } : {}) } },
  )
  useGuardedForm(form, guard)
  const snapshot = useSelector(form, (s) => s)
  const flags = formLoadingFlags(snapshot)
  const record = snapshot.context.record as Partial<Loaded>
  // eslint-disable-next-line react-hooks/exhaustive-deps -- new initial values only when a record is (re)loaded
  const initialValues = useMemo(() => valuesOf(record), [record])
  const validate = useMemo(() => zodValidator(id ? schemas.update : schemas.create, translate), [id, schemas, translate])
  const serverError: ServerError = (field) => fieldErrorsOf(snapshot, field)[0]

  if (flags.item || snapshot.matches('starting')) return <LoadingScreen label={t('common.loading')} />
  if (snapshot.matches('loadFailed')) return <LoadFailed message={formFailure(snapshot)?.message} onRetry={() => form.send({ type: 'form.retry' })} />
  return (
    <CrudFormBody<Values> form={form} initialValues={initialValues} validate={validate} payloadOf={payloadOf} className={formStyles.card}>
      {children(serverError)}
    </CrudFormBody>
  )
}

/**
 * The final-form of a crudForm chart, for a page or a modal: the contract's rules run before
 * anything is sent, the dirty state goes to the chart (which asks before it is lost), and the form
 * ends with Cancel / Save and the chart's questions.
 */
export function CrudFormBody<Values extends object>({
  form,
  initialValues,
  validate,
  payloadOf,
  className,
  children,
}: {
  form: ActorRefFrom<typeof crudFormMachine>
  initialValues: Values
  validate: (payload: unknown) => object
  payloadOf: (values: Values) => object
  className?: string
  children: ReactNode
}) {
  const saving = useSelector(form, (s) => formLoadingFlags(s).crud)
  return (
    <Form<Values>
      initialValues={initialValues}
      validate={(values) => validate(payloadOf(values))}
      onSubmit={(values) => {
        form.send({ type: 'form.submit', values: payloadOf(values) as Record<string, unknown> })
      }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate className={className} aria-busy={saving}>
          <FormSpy subscription={{ dirty: true }} onChange={({ dirty }) => form.send({ type: 'form.changed', dirty: Boolean(dirty) })} />
          {children}
          <CrudFormActions form={form} />
        </form>
      )}
    />
  )
}
