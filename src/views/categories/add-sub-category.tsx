import { useActorRef, useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { categoriesResource, categoryCreateBody, type CategoryDetail } from '../../contract'
import { crudFormMachine, fieldErrorsOf } from '../../machines/crud-form'
import { isModalOpen } from '../../machines/modal-stack'
import { FormBilingualFields } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Modal } from '../../ui/modal'
import type { ModalStackRef } from '../shared/modal-stack'
import { CrudFormBody, formStyles } from '../shared/resource-form'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = { name_ar: string; name_en: string }

const initialValues: Values = { name_ar: '', name_en: '' }

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
  return (
    <Modal
      open
      onClose={() => form.send({ type: 'form.leaveRequested' })}
      title={t('categories.addSubTitle', { name: parent.name })}
      closeLabel={t('actions.close')}
      size="lg"
    >
      <CrudFormBody<Values> form={form} initialValues={initialValues} validate={validate} payloadOf={payloadOf} className={css({ pb: '4' })}>
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('categories.fields.name_ar'), en: t('categories.fields.name_en') }}
            required
            serverError={(field) => fieldErrorsOf(snapshot, field)[0]}
          />
        </div>
      </CrudFormBody>
    </Modal>
  )
}
