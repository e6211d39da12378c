import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { Form, FormSpy } from 'react-final-form'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { categoriesResource, categoryCreateBody, type CategoryDetail } from '../../contract'
import { crudFormMachine, fieldErrorsOf, formLoadingFlags } from '../../machines/crud-form'
import { isModalOpen } from '../../machines/modal-stack'
import { FormTextField } from '../../forms/fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Modal } from '../../ui/modal'
import { CrudFormActions } from '../shared/crud-form-actions'
import type { ModalStackRef } from '../shared/modal-stack'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = { name_ar: string; name_en: string }

/**
 * "Add sub-category" on a category's view: the primary modal of the screen's modalStack holding a
 * crudForm (create, parent preset). Escape, the close button or Cancel ask first when something was
 * typed (the question opens over it); a save closes it and the screen shows the server's message.
 */
export function AddSubCategoryModal({
  stack,
  parent,
  onSaved,
}: {
  stack: ModalStackRef
  parent: CategoryDetail
  onSaved: (message: string) => void
}) {
  const open = useSelector(stack, (s) => isModalOpen(s, 'primary'))
  // a new chart (an empty form) every time the modal opens
  return open ? <SubCategoryForm stack={stack} parent={parent} onSaved={onSaved} /> : null
}

function SubCategoryForm({ stack, parent, onSaved }: { stack: ModalStackRef; parent: CategoryDetail; onSaved: (message: string) => void }) {
  const { t } = useTranslation()
  const translate = useTranslateRef()
  const form = useActorRef(
    crudFormMachine.provide({
      actions: {
        onSaved: (_, saved) => onSaved(saved.message),
        leave: () => stack.send({ type: 'modal.close' }),
      },
    }),
    { input: { resource: categoriesResource } },
  )
  const snapshot = useSelector(form, (s) => s)
  const validate = useMemo(() => zodValidator(categoryCreateBody, translate), [translate])
  const payloadOf = (values: Values) => ({ ...values, parent_id: parent.id })
  const serverError = (field: string) => fieldErrorsOf(snapshot, field)[0]
  return (
    <Modal
      open
      onClose={() => form.send({ type: 'form.leaveRequested' })}
      title={t('categories.addSubTitle', { name: parent.name })}
      closeLabel={t('actions.close')}
      size="lg"
    >
      <Form<Values>
        initialValues={{ name_ar: '', name_en: '' }}
        validate={(values) => validate(payloadOf(values))}
        onSubmit={(values) => {
          form.send({ type: 'form.submit', values: payloadOf(values) })
        }}
        render={({ handleSubmit }) => (
          <form onSubmit={handleSubmit} noValidate aria-busy={formLoadingFlags(snapshot).crud} className={css({ pb: '4' })}>
            <FormSpy subscription={{ dirty: true }} onChange={({ dirty }) => form.send({ type: 'form.changed', dirty: Boolean(dirty) })} />
            <div className={css({ display: 'grid', gridTemplateColumns: { base: '1fr', md: '1fr 1fr' }, gap: '5' })}>
              <FormTextField name="name_ar" label={t('categories.fields.name_ar')} required serverError={serverError('name_ar')} />
              <div dir="ltr" lang="en">
                <FormTextField name="name_en" label={t('categories.fields.name_en')} required serverError={serverError('name_en')} />
              </div>
            </div>
            <CrudFormActions form={form} />
          </form>
        )}
      />
    </Modal>
  )
}
