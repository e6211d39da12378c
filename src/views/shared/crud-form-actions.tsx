import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import type { ActorRefFrom } from 'xstate'
import { css } from 'styled-system/css'
import { formFailure, formLoadingFlags, type crudFormMachine } from '../../machines/crud-form'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { FailureDialog } from './failure-dialog'

/**
 * The end of every resource form: Cancel (asks first when there are unsaved changes) and Save,
 * the stale-edit offer to reload, and the failure dialog — all from the crudForm chart.
 */
export function CrudFormActions({ form }: { form: ActorRefFrom<typeof crudFormMachine> }) {
  const { t } = useTranslation()
  const snapshot = useSelector(form, (s) => s)
  const failure = formFailure(snapshot)
  return (
    <>
      <div className={css({ display: 'flex', gap: '3', mt: '8', justifyContent: 'flex-end' })}>
        <Button variant="outline" onClick={() => form.send({ type: 'form.leaveRequested' })}>
          {t('actions.cancel')}
        </Button>
        <Button type="submit" loading={formLoadingFlags(snapshot).crud} loadingText={t('form.saving')}>
          {t('actions.save')}
        </Button>
      </div>
      <ConfirmDialog
        open={snapshot.matches('confirmingLeave')}
        title={t('form.unsavedTitle')}
        message={t('form.unsavedBody')}
        yesLabel={t('actions.leave')}
        noLabel={t('actions.stay')}
        onYes={() => form.send({ type: 'form.leaveConfirmed' })}
        onNo={() => form.send({ type: 'form.leaveCancelled' })}
      />
      <ConfirmDialog
        open={snapshot.matches('conflict')}
        tone="primary"
        title={t('form.conflictTitle')}
        message={failure?.message || t('errors.conflict')}
        yesLabel={t('actions.reload')}
        noLabel={t('actions.leave')}
        onYes={() => form.send({ type: 'form.reload' })}
        onNo={() => form.send({ type: 'form.leaveRequested' })}
      />
      <FailureDialog
        message={snapshot.matches('editing') && failure && failure.status !== 422 ? failure.message : null}
        onClose={() => form.send({ type: 'form.dismiss' })}
      />
    </>
  )
}
