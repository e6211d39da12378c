import { useSelector } from '@xstate/react'
import { useForm } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { formFailure, isAwaitingUploads, type crudFormMachine } from '../../machines/crud-form'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { ConflictDialog, type LabelOf } from './conflict-dialog'
import { FailureDialog } from './failure-dialog'

/** A server error's field is on the form when a field of it, or the field it belongs to, is registered. */
const isOnForm = (field: string, registered: readonly string[]) =>
  registered.some((name) => name === field || name.startsWith(`${field}.`) || field.startsWith(`${name}.`))

/**
 * The server's field errors (422) that no field of the form shows (spec section 8's "{field} is
 * required" dialog): one line each, named by the field's label.
 */
function useUnshownErrors(form: ActorRefFrom<typeof crudFormMachine>, labelOf: LabelOf): string | null {
  const { t } = useTranslation()
  const registered = useForm().getRegisteredFields()
  const errors = useSelector(form, (s) => (s.matches('editing') && formFailure(s)?.status === 422 ? s.context.errors : null))
  if (!errors) return null
  const lines = Object.entries(errors)
    .filter(([field, messages]) => messages.length > 0 && !isOnForm(field, registered))
    .map(([field, [message]]) =>
      message === t('validation.required') ? t('errors.fieldRequired', { field: labelOf(field) }) : `${labelOf(field)}: ${message}`,
    )
  return lines.length > 0 ? lines.join('\n') : null
}

/**
 * The end of every resource form: Cancel (asks first when there are unsaved changes) and Save,
 * the stale-edit question (field by field, `labelOf` naming the fields), and the failure dialog —
 * all from the crudForm chart.
 */
export function CrudFormActions({ form, labelOf }: { form: ActorRefFrom<typeof crudFormMachine>; labelOf: LabelOf }) {
  const { t } = useTranslation()
  const saving = useSelector(form, (s) => s.matches('submitting'))
  const holding = useSelector(form, isAwaitingUploads)
  const canCancel = useSelector(form, (s) => s.can({ type: 'form.leaveRequested' }))
  const confirmingLeave = useSelector(form, (s) => s.matches('confirmingLeave'))
  /** A failure other than field errors (those are shown on their fields). */
  const failure = useSelector(form, (s) => {
    const f = formFailure(s)
    return s.matches('editing') && f && f.status !== 422 ? f.message : null
  })
  const unshown = useUnshownErrors(form, labelOf)
  return (
    <>
      <div className={css({ display: 'flex', gap: '3', mt: '8', justifyContent: 'flex-end' })}>
        <Button variant="outline" disabled={!canCancel} onClick={() => form.send({ type: 'form.leaveRequested' })}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={saving || holding} loadingText={holding ? t('form.waitingForUpload') : t('form.saving')}>
          {t('actions.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={confirmingLeave}
        title={t('form.unsavedTitle')}
        message={t('form.unsavedBody')}
        yesLabel={t('actions.leave')}
        noLabel={t('actions.stay')}
        onYes={() => form.send({ type: 'form.leaveConfirmed' })}
        onNo={() => form.send({ type: 'form.leaveCancelled' })}
      />
      <ConflictDialog form={form} labelOf={labelOf} />
      <FailureDialog message={failure ?? unshown} onClose={() => form.send({ type: 'form.dismiss' })} />
    </>
  )
}
