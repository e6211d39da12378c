import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { termsBody } from '../../contract'
import { isSavingTerms, termsFieldError, termsMachine, type TermsValues } from '../../machines/terms'
import { FormRichTextEditor } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Alert } from '../../ui/alert'
import { Button } from '../../ui/button'
import { ConfirmDialog } from '../../ui/modal'
import { LoadingScreen } from '../../ui/spinner'
import { cardStyle, LoadFailed } from '../shared/card'
import { useEditorLabels } from '../shared/editor-labels'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { usePermission } from '../shared/permissions'
import { useTranslateRef } from '../shared/use-translate-ref'


/** The terms and conditions: one record, Arabic and English rich text, saved together. */
export function TermsScreen() {
  const { t, i18n } = useTranslation()
  const translate = useTranslateRef()
  const editorLabels = useEditorLabels()
  const canUpdate = usePermission('terms:update')
  const terms = useActorRef(termsMachine)
  const snapshot = useSelector(terms, (s) => s)
  const { record, failure, message } = snapshot.context
  const saving = isSavingTerms(snapshot)
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const initialValues = useMemo<TermsValues>(() => ({ terms_ar: record?.terms_ar ?? '', terms_en: record?.terms_en ?? '' }), [record])
  const validate = useMemo(() => zodValidator(termsBody, translate), [translate])

  if (snapshot.matches('loading')) return <LoadingScreen label={t('common.loading')} />
  if (snapshot.matches('loadFailed')) return <LoadFailed message={failure?.message} onRetry={() => terms.send({ type: 'terms.retry' })} />

  return (
    <Form<TermsValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={(values) => {
        terms.send({ type: 'terms.save', values: { terms_ar: values.terms_ar ?? '', terms_en: values.terms_en ?? '' } })
      }}
      render={({ handleSubmit }) => (
        <form onSubmit={handleSubmit} noValidate className={cardStyle} aria-busy={saving}>
          {message ? (
            <div className={css({ mb: '5' })}>
              <Alert tone="success">{message}</Alert>
            </div>
          ) : null}
          <div className={css({ display: 'flex', flexDir: 'column', gap: '6' })}>
            <FormRichTextEditor
              name="terms_ar"
              dir="rtl"
              label={t('terms.fields.terms_ar')}
              labels={editorLabels}
              required
              disabled={!canUpdate}
              serverError={termsFieldError(snapshot, 'terms_ar')}
            />
            <FormRichTextEditor
              name="terms_en"
              dir="ltr"
              label={t('terms.fields.terms_en')}
              labels={editorLabels}
              required
              disabled={!canUpdate}
              serverError={termsFieldError(snapshot, 'terms_en')}
            />
          </div>
          <div className={css({ display: 'flex', gap: '3', mt: '8', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap' })}>
            {record ? (
              <p className={css({ color: 'fg.muted', fontSize: 'sm', me: 'auto' })}>{t('terms.updatedAt', { date: formatDateTime(record.updated_at, lang) })}</p>
            ) : null}
            {canUpdate ? (
              <Button type="submit" loading={saving} loadingText={t('form.saving')}>
                {t('actions.save')}
              </Button>
            ) : null}
          </div>
          <ConfirmDialog
            open={snapshot.matches('conflict')}
            tone="primary"
            title={t('form.conflictTitle')}
            message={failure?.message || t('errors.conflict')}
            yesLabel={t('actions.reload')}
            noLabel={t('actions.stay')}
            onYes={() => terms.send({ type: 'terms.reload' })}
            onNo={() => terms.send({ type: 'terms.dismiss' })}
          />
          <FailureDialog
            message={snapshot.matches('editing') && failure && failure.status !== 422 ? failure.message : null}
            onClose={() => terms.send({ type: 'terms.dismiss' })}
          />
        </form>
      )}
    />
  )
}
