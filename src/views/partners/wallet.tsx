import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { partnersPaths, type Partner, type WalletEntry } from '../../contract/partners'
import { decimalToHalalas, formatMoney } from '../../domain/money'
import { dataTableMachine } from '../../machines/data-table'
import { Button } from '../../ui/button'
import type { DataTableColumn } from '../../ui/data-table'
import { ResourceTable } from '../shared/resource-table'
import { useChart, useLang } from '../shared/runtime'

const sumStyle = css({
  display: 'flex',
  flexDir: 'column',
  gap: '1',
  borderWidth: '1px',
  borderColor: 'border.default',
  rounded: 'l2',
  p: '3',
  minW: '40',
})

/** The wallet: balance, credited and paid out, and the ledger newest first with the balance after each entry. */
export function WalletTab({ partner, onPayOut }: { partner: Partner; onPayOut: (() => void) | null }) {
  const { t } = useTranslation()
  const lang = useLang()
  const table = useChart(dataTableMachine, { resource: { name: 'entries', path: partnersPaths.wallet(partner.id) } })
  const money = (sar: string) => formatMoney(decimalToHalalas(sar) ?? 0, lang)
  const columns: DataTableColumn<WalletEntry>[] = [
    { id: 'date', header: t('partners.wallet.date'), cell: (row) => <bdi className={css({ whiteSpace: 'nowrap' })}>{row.date}</bdi> },
    {
      id: 'kind',
      header: t('partners.wallet.kind'),
      cell: (row) => t(row.kind === 'credit' ? 'partners.wallet.credit' : 'partners.wallet.payout'),
    },
    {
      id: 'detail',
      header: t('partners.wallet.detail'),
      cell: (row) =>
        row.payment && row.vendor ? (
          <span className={css({ fontSize: 'sm' })}>
            {t('partners.wallet.creditDetail', {
              percentage: row.payment.percentage,
              net: money(row.payment.net),
              number: row.payment.payment_number,
              store: row.vendor.store_name,
              month: row.payment.month,
            })}
          </span>
        ) : row.payout ? (
          <span className={css({ fontSize: 'sm' })}>{t('partners.wallet.payoutDetail', { number: row.payout.payment_no })}</span>
        ) : null,
    },
    {
      id: 'amount',
      header: t('partners.wallet.amount'),
      align: 'end',
      cell: (row) => (
        <span
          data-kind={row.kind}
          className={css({
            whiteSpace: 'nowrap',
            fontVariantNumeric: 'tabular-nums',
            fontWeight: '600',
            color: row.kind === 'credit' ? 'success.fg' : 'danger.fg',
          })}
        >
          <bdi dir="ltr">{money(row.amount)}</bdi>
        </span>
      ),
    },
    {
      id: 'balance_after',
      header: t('partners.wallet.runningBalance'),
      align: 'end',
      cell: (row) => <span className={css({ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })}>{money(row.balance_after)}</span>,
    },
  ]
  return (
    <section className={css({ display: 'flex', flexDir: 'column', gap: '4' })} aria-label={t('partners.tabs.partner-PaymentTab')}>
      <div className={css({ display: 'flex', gap: '3', flexWrap: 'wrap', alignItems: 'stretch' })}>
        <div className={sumStyle}>
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('partners.wallet.balance')}</span>
          <strong className={css({ fontSize: 'xl' })} data-testid="wallet-balance">
            {formatMoney(partner.balance_halalas, lang)}
          </strong>
        </div>
        <div className={sumStyle}>
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('partners.wallet.credited')}</span>
          <strong>{money(partner.credited)}</strong>
        </div>
        <div className={sumStyle}>
          <span className={css({ color: 'fg.muted', fontSize: 'sm' })}>{t('partners.wallet.paidOut')}</span>
          <strong>{money(partner.paid_out)}</strong>
        </div>
        {onPayOut ? (
          <div className={css({ ms: 'auto', alignSelf: 'center' })}>
            <Button onClick={onPayOut}>{t('partners.wallet.payOut')}</Button>
          </div>
        ) : null}
      </div>
      <ResourceTable<WalletEntry>
        table={table}
        caption={t('partners.tabs.partner-PaymentTab')}
        columns={columns}
        nameOf={(row) => String(row.id)}
        empty={t('partners.wallet.empty')}
      />
    </section>
  )
}
