import { useParams } from 'react-router-dom'
import { screens } from '../../contract/screens'
import { invoicePrintMachine } from '../../machines/invoice-print'
import { useChart } from '../shared/runtime'
import { InvoicePage } from '../subscriptions/invoice'

/**
 * `/dashboard/invoice/{id}`: the vendor's own tax invoice, the admin's A4 sheet and print chart on
 * the vendor's endpoint; the print dialog opens 1 s after it is on the page.
 */
export function VendorInvoiceScreen({ print = () => window.print() }: { print?: () => void }) {
  const id = Number(useParams().id)
  const chart = useChart(invoicePrintMachine.provide({ actions: { print: () => print() } }), { id, source: 'vendor' })
  return <InvoicePage chart={chart} back={screens.userDashboard} />
}
