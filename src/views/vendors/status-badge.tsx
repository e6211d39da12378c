import { useTranslation } from 'react-i18next'
import type { PaymentStatus } from '../../contract/payments'
import type { VendorStatus } from '../../contract/vendors'
import { Badge } from '../../ui/badge'

const vendorTones = { active: 'success', pending: 'warning', inactive: 'neutral' } as const
const paymentTones = { Success: 'success', Pending: 'warning', Rejected: 'danger', DUE_PAYMENT: 'info' } as const

export function VendorStatusBadge({ status }: { status: VendorStatus }) {
  const { t } = useTranslation()
  return <Badge tone={vendorTones[status]}>{t(`vendors.statuses.${status}`)}</Badge>
}

export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation()
  return <Badge tone={paymentTones[status]}>{t(`lists.payment_statuses.${status}`)}</Badge>
}
