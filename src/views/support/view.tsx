import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import {
  type CompanyRequest,
  companyRequestsResource,
  type ShippingIssue,
  shippingIssuesResource,
  supportAccess,
  supportScreens,
} from '../../contract/support'
import { supportStatusOf } from '../../domain/support'
import { Badge } from '../../ui/badge'
import { formatDateTime } from '../shared/format'
import { RecordView, viewStyles } from '../shared/record-view'
import { SupportActionButton, type SupportDone } from './support-action'
import { useCan, useLang, useToaster } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'

/** `view/{id}` of a shipping issue, or of a company request with `?kind=company`. */
export function SupportViewScreen() {
  const [search] = useSearchParams()
  return search.get('kind') === 'company' ? (
    <RecordView<CompanyRequest> key="company" resource={companyRequestsResource}>
      {(item, reload) => <CompanyRequestView item={item} reload={reload} />}
    </RecordView>
  ) : (
    <RecordView<ShippingIssue> key="shipping" resource={shippingIssuesResource}>
      {(item, reload) => <ShippingIssueView item={item} reload={reload} />}
    </RecordView>
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

/** The card of a support item: title, state, its action while it is open, Back, and its fields. */
function SupportCard({
  title,
  badge,
  action,
  back,
  children,
}: {
  title: ReactNode
  badge: ReactNode
  action: ReactNode
  back: string
  children: ReactNode
}) {
  return (
    <section className={viewStyles.card} aria-labelledby="support-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="support-title" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {title}
        </h2>
        {badge}
        <ViewActions backPath={back}>{action}</ViewActions>
      </div>
      <dl>{children}</dl>
    </section>
  )
}

/** The action's message as a toast, then the record again (its new state, when and by whom). */
function useDone(reload: () => void): SupportDone {
  const toaster = useToaster()
  return (message, outcome) => {
    if (outcome === 'done') toaster.success({ title: message })
    else toaster.info({ title: message })
    reload()
  }
}

function ShippingIssueView({ item, reload }: { item: ShippingIssue; reload: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const canResolve = useCan(supportAccess.can.resolve)
  const done = useDone(reload)
  return (
    <SupportCard
      title={
        <>
          {t('support.shippingIssue')} <bdi>{item.orderNumber}</bdi>
        </>
      }
      badge={<Badge tone={item.resolved ? 'success' : 'warning'}>{item.resolved ? t('support.resolved') : t('support.notResolved')}</Badge>}
      action={
        canResolve ? (
          <SupportActionButton
            key={item.version}
            kind="shippingIssue"
            status={supportStatusOf('shippingIssue', item.resolveAt)}
            path={shippingIssuesResource.path}
            id={item.id}
            onDone={done}
          />
        ) : null
      }
      back={supportScreens.shippingList}
    >
      <Row label={t('support.fields.orderNumber')}>
        <bdi>{item.orderNumber}</bdi>
      </Row>
      <Row label={t('support.fields.orderId')}>{item.orderId}</Row>
      <Row label={t('support.fields.shipmentId')}>
        <bdi>{item.shipmentId}</bdi>
      </Row>
      <Row label={t('support.fields.trackingNumber')}>
        <bdi>{item.trackingNumber ?? '—'}</bdi>
      </Row>
      <Row label={t('support.fields.tenant')}>{item.tenant}</Row>
      <Row label={t('support.fields.issue')}>
        <span dir="auto">{item.issue}</span>
      </Row>
      <Row label={t('support.fields.created_at')}>{formatDateTime(item.created_at, lang)}</Row>
      {item.resolveAt ? <Row label={t('support.fields.resolveAt')}>{formatDateTime(item.resolveAt, lang)}</Row> : null}
      {item.resolved_by ? <Row label={t('support.fields.resolved_by')}>{item.resolved_by}</Row> : null}
    </SupportCard>
  )
}

function CompanyRequestView({ item, reload }: { item: CompanyRequest; reload: () => void }) {
  const { t } = useTranslation()
  const lang = useLang()
  const canActivate = useCan(supportAccess.can.activate)
  const done = useDone(reload)
  return (
    <SupportCard
      title={item.company_name}
      badge={
        <Badge tone={item.activated ? 'success' : 'warning'}>{item.activated ? t('support.activated') : t('support.notActivated')}</Badge>
      }
      action={
        canActivate ? (
          <SupportActionButton
            key={item.version}
            kind="companyRequest"
            status={supportStatusOf('companyRequest', item.activatedAt)}
            path={companyRequestsResource.path}
            id={item.id}
            onDone={done}
          />
        ) : null
      }
      back={supportScreens.companyRequestsList}
    >
      <Row label={t('support.fields.company_name')}>{item.company_name}</Row>
      <Row label={t('support.fields.tenant')}>{item.tenant}</Row>
      <Row label={t('support.fields.contact_phone')}>
        <bdi dir="ltr">{item.contact_phone}</bdi>
      </Row>
      <Row label={t('support.fields.created_at')}>{formatDateTime(item.created_at, lang)}</Row>
      {item.activatedAt ? <Row label={t('support.fields.activatedAt')}>{formatDateTime(item.activatedAt, lang)}</Row> : null}
      {item.activated_by ? <Row label={t('support.fields.activated_by')}>{item.activated_by}</Row> : null}
    </SupportCard>
  )
}
