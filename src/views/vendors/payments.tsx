import { useSelector } from '@xstate/react'
import { useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { shownPaymentMethod } from '../../domain/payments'
import { paymentsAccess, vendorsPaths, type Payment } from '../../contract/vendors'
import { dataTableMachine, rowsOf } from '../../machines/data-table'
import { isModalOpen } from '../../machines/modal-stack'
import { receiptViewerMachine } from '../../machines/receipt-viewer'
import { Button } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { Modal } from '../../ui/modal'
import { Spinner } from '../../ui/spinner'
import { formatDateTime } from '../shared/format'
import { useModalStack, type ModalStackRef } from '../shared/modal-stack'
import { viewStyles } from '../shared/record-view'
import { ResourceTable } from '../shared/resource-table'
import { useCan, useChart, useLang, useToaster } from '../shared/runtime'
import { formatDay, formatSar } from './format'
import { PaymentStatusMenu } from './payment-status-menu'
import { PaymentStatusBadge } from './status-badge'

/** A receipt in the secondary modal: an image inline, a PDF in the browser's viewer. */
function ReceiptModal({ stack, vendorId, payment }: { stack: ModalStackRef; vendorId: number; payment: Payment }) {
  const { t } = useTranslation()
  const viewer = useChart(
    receiptViewerMachine.provide({
      actions: {
        release: (_, { url }) => {
          if (url) URL.revokeObjectURL(url)
        },
      },
    }),
    { vendorId, paymentId: payment.id },
  )
  const state = useSelector(viewer, (s) => s.value)
  const url = useSelector(viewer, (s) => s.context.url)
  const type = useSelector(viewer, (s) => s.context.type)
  const failure = useSelector(viewer, (s) => s.context.failure)
  const title = t('vendors.payments.receiptTitle', { number: payment.payment_number })
  return (
    <Modal open onClose={() => stack.send({ type: 'modal.close' })} title={title} closeLabel={t('actions.close')} size="xl">
      {state === 'loading' ? (
        <div className={css({ display: 'flex', gap: '2', alignItems: 'center', py: '6' })}>
          <Spinner /> {t('vendors.payments.receiptLoading')}
        </div>
      ) : state === 'failed' ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', py: '4' })}>
          <p role="alert">{failure?.message || t('vendors.payments.receiptFailed')}</p>
          <div>
            <Button variant="outline" onClick={() => viewer.send({ type: 'receipt.retry' })}>
              {t('actions.tryAgain')}
            </Button>
          </div>
        </div>
      ) : url ? (
        <div className={css({ display: 'flex', flexDir: 'column', gap: '3', pb: '4' })}>
          {type === 'application/pdf' ? (
            <iframe src={url} title={title} className={css({ w: 'full', h: '70vh', borderWidth: '1px', borderRadius: 'md' })} />
          ) : (
            <img src={url} alt={title} className={css({ maxW: 'full', maxH: '70vh', objectFit: 'contain', mx: 'auto' })} />
          )}
          <a href={url} download={`receipt-${payment.payment_number}`} className={css({ color: 'accent.default', fontWeight: '600' })}>
            {t('vendors.payments.download')}
          </a>
        </div>
      ) : null}
    </Modal>
  )
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={viewStyles.row}>
      <dt className={viewStyles.term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

/** A payment in the primary modal, its receipt a secondary one over it. */
function PaymentModal({ stack, vendorId, payment }: { stack: ModalStackRef; vendorId: number; payment: Payment }) {
  const { t } = useTranslation()
  const lang = useLang()
  const receiptOpen = useSelector(stack, (s) => isModalOpen(s, 'secondary'))
  return (
    <>
      <Modal
        open
        onClose={() => stack.send({ type: 'modal.closeAll' })}
        title={t('vendors.payments.paymentTitle', { number: payment.payment_number })}
        closeLabel={t('actions.close')}
        size="md"
      >
        <dl className={css({ pb: '4' })}>
          <Row label={t('vendors.payments.amount')}>{formatSar(payment.amount, lang)}</Row>
          <Row label={t('vendors.payments.method')}>{t(`lists.payment_methods.${shownPaymentMethod(payment.method)}`)}</Row>
          <Row label={t('vendors.payments.payment_date')}>{formatDay(payment.payment_date, lang)}</Row>
          <Row label={t('vendors.payments.status')}>
            <PaymentStatusBadge status={payment.status} />
          </Row>
          {payment.reason ? <Row label={t('vendors.payments.reason')}>{payment.reason}</Row> : null}
          <Row label={t('vendors.payments.changed')}>
            {[payment.changed_by, payment.changed_at ? formatDateTime(payment.changed_at, lang) : null].filter(Boolean).join(' · ') || '—'}
          </Row>
          <Row label={t('vendors.payments.receipt')}>
            {payment.has_receipt ? (
              <Button size="sm" variant="outline" onClick={() => stack.send({ type: 'modal.open', kind: 'secondary' })}>
                {t('vendors.payments.viewReceipt')}
              </Button>
            ) : (
              '—'
            )}
          </Row>
        </dl>
      </Modal>
      {receiptOpen ? <ReceiptModal stack={stack} vendorId={vendorId} payment={payment} /> : null}
    </>
  )
}

/**
 * The vendor's payments: number, amount, method, date, status (with the paymentStatus menu),
 * who changed it and when; a payment opens in the primary modal, its receipt in a secondary one.
 */
export function PaymentsTab({ vendorId, onVendorChanged }: { vendorId: number; onVendorChanged: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const toaster = useToaster()
  const canApprove = useCan(paymentsAccess.can.approve)
  const canCreate = useCan(paymentsAccess.can.create)
  const table = useChart(dataTableMachine, { resource: { name: 'payments', path: vendorsPaths.payments(vendorId) } })
  const fallback = useRef<HTMLHeadingElement>(null)
  const stack = useModalStack(fallback)
  const [selected, setSelected] = useState<number | null>(null)
  const primaryOpen = useSelector(stack, (s) => isModalOpen(s, 'primary'))
  const payment = useSelector(table, (s) => (rowsOf(s) as Payment[]).find((p) => p.id === selected) ?? null)
  const changed = (message: string) => {
    toaster.success({ title: message })
    table.send({ type: 'table.reload' })
    onVendorChanged()
  }
  const columns: DataTableColumn<Payment>[] = [
    {
      id: 'payment_number',
      header: t('vendors.payments.payment_number'),
      cell: (row) => (
        <Button
          variant="link"
          aria-label={t('vendors.payments.openPayment', { number: row.payment_number })}
          onClick={() => {
            setSelected(row.id)
            stack.send({ type: 'modal.open', kind: 'primary' })
          }}
        >
          <bdi dir="ltr">{row.payment_number}</bdi>
        </Button>
      ),
    },
    { id: 'amount', header: t('vendors.payments.amount'), cell: (row) => formatSar(row.amount, lang) },
    { id: 'method', header: t('vendors.payments.method'), cell: (row) => t(`lists.payment_methods.${shownPaymentMethod(row.method)}`) },
    { id: 'payment_date', header: t('vendors.payments.payment_date'), cell: (row) => formatDay(row.payment_date, lang) },
    { id: 'status', header: t('vendors.payments.status'), cell: (row) => <PaymentStatusBadge status={row.status} /> },
    {
      id: 'changed',
      header: t('vendors.payments.changed'),
      cell: (row) => [row.changed_by, row.changed_at ? formatDay(row.changed_at, lang) : null].filter(Boolean).join(' · ') || '—',
    },
  ]
  return (
    <section aria-labelledby="payments-title" className={css({ display: 'flex', flexDir: 'column', gap: '3' })}>
      <h2 id="payments-title" ref={fallback} tabIndex={-1} className={css({ fontSize: 'lg', fontWeight: '700' })}>
        {t('vendors.tabs.payments')}
      </h2>
      <ResourceTable<Payment>
        table={table}
        caption={t('vendors.payments.caption')}
        columns={columns}
        nameOf={(row) => row.payment_number}
        rowActions={(row) => (
          <PaymentStatusMenu
            key={row.id}
            vendorId={vendorId}
            payment={row}
            canApprove={canApprove}
            canCreate={canCreate}
            onChanged={changed}
          />
        )}
      />
      {primaryOpen && payment ? <PaymentModal stack={stack} vendorId={vendorId} payment={payment} /> : null}
    </section>
  )
}
