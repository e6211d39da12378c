import { shallowEqual, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import type { ActorRefFrom } from 'xstate'
import { Form, FormSpy } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { termsAccess, termsBody } from '../../contract/terms'
import { isTermsNavigationHeld, termsHoldUnsavedChanges, termsMachine, termsViewOf, type TermsValues } from '../../machines/terms'
import { FormRichTextEditor } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from '../shared/card'
import { useEditorLabels } from '../shared/editor-labels'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { type LeaveQuestion, useGuardedChart, useNavigationGuard } from '../shared/navigation-guard'
import { useTranslateRef } from '../shared/use-translate-ref'
import { useCan, useChart, useLang, useToaster } from '../shared/runtime'

const leaveQuestion: LeaveQuestion<ActorRefFrom<typeof termsMachine>> = {
  blocked: { type: 'terms.navigationBlocked' },
  held: isTermsNavigationHeld,
  unsaved: termsHoldUnsavedChanges,
}

/** The terms and conditions: one record, Arabic and English rich text, saved together; leaving unsaved changes asks first. */
export function TermsScreen() {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const editorLabels = useEditorLabels()
  const canUpdate = useCan(termsAccess.can.update)
  const guard = useNavigationGuard()
  const toaster = useToaster()
  const terms = useChart(
    termsMachine.provide({ actions: { ...guard.actions, onSaved: (_, { message }) => toaster.success({ title: message }) } }),
  )
  useGuardedChart(terms, guard, leaveQuestion)
  const { loading, loadFailure, record, saving, conflict, failure, errors, confirmingLeave } = useSelector(terms, termsViewOf, shallowEqual)
  const lang = useLang()
  const initialValues = useMemo<TermsValues>(() => ({ terms_ar: record?.terms_ar ?? '', terms_en: record?.terms_en ?? '' }), [record])
  const validate = useMemo(() => zodValidator(termsBody, translate), [translate])

  if (loading) return <LoadingScreen label={t('common.loading')} />
  if (loadFailure !== null) return <LoadFailed message={loadFailure} onRetry={() => terms.send({ type: 'terms.retry' })} />

  return (
    <Form<TermsValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => {
        terms.send({ type: 'terms.save', values: { terms_ar: values.terms_ar ?? '', terms_en: values.terms_en ?? '' } })
      }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate className={cardStyle} aria-busy={saving}>
          <FormSpy
            subscription={{ dirty: true }}
            onChange={({ dirty }) =>
              terms.getSnapshot().status === 'active' && terms.send({ type: 'terms.changed', dirty: Boolean(dirty) })
            }
          />
          <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
            <FormRichTextEditor
              name="terms_ar"
              dir="rtl"
              label={t('terms.fields.terms_ar')}
              labels={editorLabels}
              required
              disabled={!canUpdate}
              serverError={errors.terms_ar?.[0]}
            />
            <FormRichTextEditor
              name="terms_en"
              dir="ltr"
              label={t('terms.fields.terms_en')}
              labels={editorLabels}
              required
              disabled={!canUpdate}
              serverError={errors.terms_en?.[0]}
            />
          </div>
          <div className={css({ display: 'flex', gap: '3', mt: '8', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            {record ? (
              <p className={css({ color: 'fg.muted', fontSize: 'sm', me: 'auto' })}>
                {t('terms.updatedAt', { date: formatDateTime(record.updated_at, lang) })}
              </p>
            ) : null}
            {canUpdate ? (
              <Button type="submit" loading={saving} loadingText={t('form.saving')}>
                {t('actions.save')}
              </Button>
            ) : null}
          </div>
          <ConfirmDialog
            open={conflict !== null}
            tone="primary"
            title={t('form.conflictTitle')}
            message={conflict || t('errors.conflict')}
            yesLabel={t('actions.reload')}
            noLabel={t('actions.stay')}
            onYes={() => terms.send({ type: 'terms.reload' })}
            onNo={() => terms.send({ type: 'terms.dismiss' })}
          />
          <ConfirmDialog
            open={confirmingLeave}
            title={t('form.unsavedTitle')}
            message={t('form.unsavedBody')}
            yesLabel={t('actions.leave')}
            noLabel={t('actions.stay')}
            onYes={() => terms.send({ type: 'terms.leaveConfirmed' })}
            onNo={() => terms.send({ type: 'terms.leaveCancelled' })}
          />
          <FailureDialog message={failure} onClose={() => terms.send({ type: 'terms.dismiss' })} />
        </form>
      )}
    />
  )
}
