import { useSelector } from '@xstate/react'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { categoriesResource, categoryCreateBody, type CategoryDetail } from '../../contract/categories'
import { crudFormMachine } from '../../machines/crud-form'
import { isModalOpen } from '../../machines/modal-stack'
import { FormBilingualFields } from '../../forms/ark-fields'
import { zodValidator } from '../../forms/zod-adapter'
import { Modal } from '../../ui/modal'
import type { ModalStackRef } from '../shared/modal-stack'
import { CrudFormBody, formStyles, useServerError } from '../shared/resource-form'
import { useChart } from '../shared/runtime'
import { useTranslateRef } from '../shared/use-translate-ref'

type Values = { name_ar: string; name_en: string }

const initialValues: Values = { name_ar: '', name_en: '' }

/**
 * "Add sub-category" on a category's view: the primary modal of the screen's modalStack holding a
 * crudForm (create, parent preset). Escape, the close button or Cancel ask first when something was
 * typed: the question is the stack's secondary over the form (Escape closes only it, and focus goes
 * back to what raised it); leaving closes both; a save closes it and the screen shows the server's
 * message.
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
  const form = useChart(
    crudFormMachine.provide({
      actions: {
        onSaved: (_, saved) => onSaved(saved.message),
        // the form and the question over it close
        leave: () => stack.send({ type: 'modal.closeAll' }),
        // the form asks before its changes are lost: the question opens over it as the stack's secondary
        askToLeave: () => stack.send({ type: 'modal.open', kind: 'secondary' }),
        // Stay (or Escape on the question): only the question closes
        stayOnForm: () => stack.send({ type: 'modal.close' }),
      },
    }),
    { resource: categoriesResource },
  )
  const serverError = useServerError(form)
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
      <CrudFormBody<Values>
        form={form}
        initialValues={initialValues}
        validate={validate}
        payloadOf={payloadOf}
        className={css({ pb: '4' })}
      >
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('categories.fields.name_ar'), en: t('categories.fields.name_en') }}
            required
            serverError={serverError}
          />
        </div>
      </CrudFormBody>
    </Modal>
  )
}
