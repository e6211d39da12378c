import { useSelector } from '@xstate/react'
import { useMemo, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { renderSVG } from 'uqr'
import type { ActorRefFrom } from 'xstate'
import { css, cx } from 'styled-system/css'
import { subscriptionsScreens, type Invoice } from '../../contract/subscriptions'
import { invoicePrintMachine } from '../../machines/invoice-print'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { LoadFailed } from '../shared/card'
import { formatDateTime } from '../shared/format'
import { useChart, useLang } from '../shared/runtime'
import { moneyOf, periodDay } from './parts'

/**
 * Print rules that reach outside this screen: the page is A4, and everything but the invoice (the
 * header, the menu, the toolbar) is left out of the print. Panda has no `@page`, and the layout is
 * not this module's to edit, so the rules ride along with the screen.
 */
const PRINT_CSS = `@page { size: A4; margin: 12mm; }
@media print {
  body *:not(:has([data-invoice])):not([data-invoice]):not([data-invoice] *) { display: none !important; }
  body *:has([data-invoice]) { padding: 0 !important; margin: 0 !important; border: 0 !important; min-height: 0 !important; max-width: none !important; background: none !important; box-shadow: none !important; }
  html, body { background: #fff !important; }
}`

const paper = css({
  bg: 'white',
  color: 'gray.900',
  w: 'full',
  maxW: '210mm',
  minH: { base: 'auto', md: '297mm' },
  mx: 'auto',
  p: { base: '6', md: '12mm' },
  borderRadius: 'md',
  boxShadow: 'lg',
  borderWidth: '1px',
  borderColor: 'border.default',
  fontSize: 'sm',
  printColorAdjust: 'exact',
  _print: { maxW: 'none', minH: 'auto', p: '0', boxShadow: 'none', borderWidth: '0', borderRadius: '0', fontSize: '11pt' },
})
const term = css({ color: 'gray.600', fontSize: 'xs', fontWeight: '600' })
const cellStyle = css({ py: '2', px: '3', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'gray.200' })
const numberCell = css({ textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' })

function Party({ title, party, id }: { title: string; party: Invoice['seller']; id: string }) {
  const { t } = useTranslation()
  return (
    <section aria-labelledby={id} className={css({ borderWidth: '1px', borderColor: 'gray.200', borderRadius: 'md', p: '4' })}>
      <h2 id={id} className={css({ fontSize: 'xs', fontWeight: '700', color: 'gray.600', textTransform: 'uppercase', mb: '2' })}>
        {title}
      </h2>
      <p className={css({ fontWeight: '700', fontSize: 'md' })}>
        <bdi>{party.name}</bdi>
      </p>
      <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', mt: '2' })}>
        <dt className={term}>{t('subscriptions.invoice.vatNumber')}</dt>
        <dd>
          <bdi dir="ltr">{party.vat_number ?? '—'}</bdi>
        </dd>
        {party.commercial_registration ? (
          <>
            <dt className={term}>{t('subscriptions.invoice.commercialRegistration')}</dt>
            <dd>
              <bdi dir="ltr">{party.commercial_registration}</bdi>
            </dd>
          </>
        ) : null}
        {party.address ? (
          <>
            <dt className={term}>{t('subscriptions.invoice.address')}</dt>
            <dd>
              <bdi>{party.address}</bdi>
            </dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

function Total({ label, value, strong = false }: { label: ReactNode; value: string; strong?: boolean }) {
  const lang = useLang()
  return (
    <tr className={strong ? css({ fontWeight: '700', fontSize: 'md', bg: 'gray.50' }) : undefined}>
      <th scope="row" className={cx(cellStyle, css({ fontWeight: 'inherit' }))}>
        {label}
      </th>
      <td className={cx(cellStyle, numberCell)}>
        <bdi>{moneyOf(value, lang)}</bdi>
      </td>
    </tr>
  )
}

/** The simplified tax invoice on an A4 sheet, in the admin's language. */
export function InvoiceSheet({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation()
  const lang = useLang()
  const qr = useMemo(
    () => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(renderSVG(invoice.qr, { ecc: 'M', border: 4, pixelSize: 6 }))}`,
    [invoice.qr],
  )
  const period =
    invoice.line.period_from || invoice.line.period_to
      ? t('subscriptions.invoice.periodRange', {
          from: periodDay(invoice.line.period_from, lang),
          to: invoice.line.period_to ? periodDay(invoice.line.period_to, lang) : t('subscriptions.never'),
        })
      : '—'
  return (
    <article data-invoice className={paper} aria-labelledby="invoice-title">
      <header className={css({ display: 'flex', justifyContent: 'space-between', gap: '6', alignItems: 'flex-start', mb: '6' })}>
        <div>
          <h1 id="invoice-title" className={css({ fontSize: '2xl', fontWeight: '800' })}>
            {t('subscriptions.invoice.heading')}
          </h1>
          <dl className={css({ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: '3', rowGap: '1', mt: '3' })}>
            <dt className={term}>{t('subscriptions.invoice.number')}</dt>
            <dd className={css({ fontWeight: '700' })}>
              <bdi dir="ltr">{invoice.number}</bdi>
            </dd>
            <dt className={term}>{t('subscriptions.invoice.issuedAt')}</dt>
            {/* a tax invoice is dated in the seller's time: Riyadh */}
            <dd>{formatDateTime(invoice.issued_at, lang, 'Asia/Riyadh')}</dd>
          </dl>
        </div>
        <img
          src={qr}
          alt={t('subscriptions.invoice.qr', { number: invoice.number })}
          data-testid="invoice-qr"
          className={css({ w: '40', h: '40', flexShrink: 0, imageRendering: 'pixelated' })}
        />
      </header>
      <div
        className={css({
          display: 'grid',
          gridTemplateColumns: { base: '1fr', sm: '1fr 1fr' },
          gap: '4',
          mb: '6',
          _print: { gridTemplateColumns: '1fr 1fr' },
        })}
      >
        <Party id="invoice-seller" title={t('subscriptions.invoice.seller')} party={invoice.seller} />
        <Party id="invoice-buyer" title={t('subscriptions.invoice.buyer')} party={invoice.buyer} />
      </div>
      <table className={css({ w: 'full', borderCollapse: 'collapse', mb: '4' })}>
        <caption className={css({ srOnly: true })}>{t('subscriptions.invoice.lines')}</caption>
        <thead>
          <tr className={css({ bg: 'gray.100' })}>
            <th scope="col" className={cellStyle}>
              {t('subscriptions.invoice.description')}
            </th>
            <th scope="col" className={cellStyle}>
              {t('subscriptions.invoice.period')}
            </th>
            <th scope="col" className={cx(cellStyle, numberCell)}>
              {t('subscriptions.invoice.price')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td className={cellStyle}>
              <bdi>{invoice.line.description}</bdi>
            </td>
            <td className={cellStyle}>{period}</td>
            <td className={cx(cellStyle, numberCell)}>
              <bdi>{moneyOf(invoice.line.price, lang)}</bdi>
            </td>
          </tr>
        </tbody>
      </table>
      <table className={css({ w: { base: 'full', sm: '60%' }, ms: 'auto', borderCollapse: 'collapse', _print: { w: '60%' } })}>
        <caption className={css({ srOnly: true })}>{t('subscriptions.invoice.totals')}</caption>
        <tbody>
          <Total label={t('subscriptions.invoice.price')} value={invoice.line.price} />
          <Total
            label={
              invoice.coupon_code ? (
                <>
                  {t('subscriptions.invoice.discountWithCoupon')} <bdi dir="ltr">{invoice.coupon_code}</bdi>
                </>
              ) : (
                t('subscriptions.invoice.discount')
              )
            }
            value={invoice.discount}
          />
          <Total label={t('subscriptions.invoice.net')} value={invoice.net} />
          <Total label={t('subscriptions.invoice.vat', { percent: invoice.vat_percent })} value={invoice.vat} />
          <Total label={t('subscriptions.invoice.total')} value={invoice.total} strong />
        </tbody>
      </table>
      <p className={css({ mt: '8', color: 'gray.600', fontSize: 'xs', textAlign: 'center' })}>{t('subscriptions.invoice.footer')}</p>
    </article>
  )
}

/**
 * `subscriptions/invoice/{id}`: the invoice, and the print dialog 1 s after it is on the page. The
 * app gives the chart the browser's print; a test gives its own (`print`).
 */
export function InvoiceScreen({ print = () => window.print() }: { print?: () => void }) {
  const id = Number(useParams().id)
  const chart = useChart(invoicePrintMachine.provide({ actions: { print: () => print() } }), { id })
  return <InvoicePage chart={chart} back={subscriptionsScreens.view(id)} />
}

/** The invoice page of a started `invoicePrint` chart: Print, the way back, the A4 sheet (the vendor's area shows the same). */
export function InvoicePage({ chart, back }: { chart: ActorRefFrom<typeof invoicePrintMachine>; back: string }) {
  const { t } = useTranslation()
  const invoice = useSelector(chart, (s) => s.context.invoice)
  const loading = useSelector(chart, (s) => s.matches('loading'))
  const failure = useSelector(chart, (s) => (s.matches('failed') ? (s.context.failure?.message ?? '') : null))
  const canPrint = useSelector(chart, (s) => s.can({ type: 'invoice.print' }))
  if (failure !== null)
    return <LoadFailed message={failure || t('subscriptions.invoice.failed')} onRetry={() => chart.send({ type: 'invoice.retry' })} />
  if (loading || !invoice) return <LoadingScreen label={t('subscriptions.invoice.loading')} />
  return (
    <div className={css({ display: 'flex', flexDir: 'column', gap: '4' })}>
      <style href="subscriptions-invoice-print" precedence="default">
        {PRINT_CSS}
      </style>
      <div
        className={css({ display: 'flex', gap: '2', flexWrap: 'wrap', justifyContent: 'flex-end', maxW: '210mm', w: 'full', mx: 'auto' })}
      >
        <Button onClick={() => chart.send({ type: 'invoice.print' })} disabled={!canPrint}>
          {t('subscriptions.invoice.print')}
        </Button>
        <Link to={back} className={buttonRecipe({ variant: 'outline' })}>
          {t('actions.back')}
        </Link>
      </div>
      <InvoiceSheet invoice={invoice} />
    </div>
  )
}
