import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { formFailure, isAwaitingUploads, type crudFormMachine } from '../../machines/crud-form'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { ConflictDialog, type LabelOf } from './conflict-dialog'
import { FailureDialog } from './failure-dialog'

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
      <FailureDialog message={failure} onClose={() => form.send({ type: 'form.dismiss' })} />
    </>
  )
}
