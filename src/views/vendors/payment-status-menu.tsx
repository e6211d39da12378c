import { useSelector } from '@xstate/react'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import type { Payment } from '../../contract/vendors'
import {
  isAskingReason,
  isChanging,
  offeredStatuses,
  paymentFailure,
  paymentStatusMachine,
  type PaymentStatus,
} from '../../machines/payment-status'
import { Button } from '../../ui/button'
import { ChevronDownIcon } from '../../ui/icons'
import { Menu } from '../../ui/menu'
import { Modal } from '../../ui/modal'
import { TextareaField } from '../../ui/textarea-field'
import { FailureDialog } from '../shared/failure-dialog'
import { useChart } from '../shared/runtime'

/**
 * A payment's status menu, run by the paymentStatus chart: it offers only the changes the shared
 * table allows from where the payment stands (and the admin's permissions), asks a reason before a
 * rejection, and shows the server's refusal. `onChanged` gets the server's message.
 */
export function PaymentStatusMenu({
  vendorId,
  payment,
  canApprove,
  canCreate,
  onChanged,
}: {
  vendorId: number
  payment: Payment
  canApprove: boolean
  canCreate: boolean
  onChanged: (message: string) => void
}) {
  const { t } = useTranslation()
  const changed = useRef(onChanged)
  changed.current = onChanged
  const actor = useChart(paymentStatusMachine.provide({ actions: { onChanged: (_, { message }) => changed.current(message) } }), {
    vendorId,
    paymentId: payment.id,
    status: payment.status,
  })
  const offered = useSelector(actor, offeredStatuses).filter((to) => (to === 'Success' || to === 'Rejected' ? canApprove : canCreate))
  const changing = useSelector(actor, isChanging)
  const asking = useSelector(actor, isAskingReason)
  const failure = useSelector(actor, paymentFailure)
  const [reason, setReason] = useState('')
  const label = t('vendors.payments.statusMenu', { number: payment.payment_number })
  return (
    <>
      {offered.length === 0 && !changing ? null : (
        <Menu.Root onSelect={(d) => actor.send({ type: 'payment.change', to: d.value as PaymentStatus })}>
          <Menu.Trigger asChild>
            <Button size="sm" variant="outline" aria-label={label} loading={changing} loadingText={t('vendors.payments.changing')}>
              {t('vendors.payments.changeStatus')}
              <ChevronDownIcon width={14} height={14} />
            </Button>
          </Menu.Trigger>
          <Menu.Content>
            {offered.map((to) => (
              <Menu.Item key={to} value={to}>
                {t(`vendors.payments.to.${to}`)}
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Root>
      )}
      <Modal
        open={asking}
        onClose={() => {
          setReason('')
          actor.send({ type: 'payment.cancel' })
        }}
        title={t('vendors.payments.rejectTitle', { number: payment.payment_number })}
        closeLabel={t('actions.close')}
        size="sm"
        footer={
          <div className={css({ display: 'flex', gap: '2', justifyContent: 'flex-end' })}>
            <Button
              variant="outline"
              onClick={() => {
                setReason('')
                actor.send({ type: 'payment.cancel' })
              }}
            >
              {t('actions.cancel')}
            </Button>
            <Button
              variant="danger"
              disabled={reason.trim() === ''}
              onClick={() => {
                actor.send({ type: 'payment.confirm', reason })
                setReason('')
              }}
            >
              {t('vendors.payments.rejectConfirm')}
            </Button>
          </div>
        }
      >
        <TextareaField
          label={t('vendors.payments.rejectReason')}
          required
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
      <FailureDialog
        message={failure ? failure.message || t('errors.generic') : null}
        onClose={() => actor.send({ type: 'payment.dismiss' })}
      />
    </>
  )
}
