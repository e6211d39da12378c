import { useActorRef, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams, useSearchParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { companyRequestsResource, shippingIssuesResource, type CompanyRequest, type ShippingIssue } from '../../contract'
import { crudFormMachine, formFailure } from '../../machines/crud-form'
import { isPending, supportItemMachine } from '../../machines/support-item'
import { paths } from '../../app/paths'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { FailureDialog } from '../shared/failure-dialog'
import { formatDateTime } from '../shared/format'
import { usePermission } from '../shared/permissions'

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const rowStyle = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '200px 1fr' }, gap: '1', py: '3', borderBottomWidth: '1px', borderColor: 'border.default' })
const term = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' })

type Kind = 'shipping' | 'company'

/** `view/{id}` of a shipping issue, or of a company request with `?kind=company`. */
export function SupportViewScreen() {
  const id = Number(useParams().id)
  const [search] = useSearchParams()
  const kind: Kind = search.get('kind') === 'company' ? 'company' : 'shipping'
  return <SupportRecord key={`${kind}-${id}`} kind={kind} id={id} />
}

function SupportRecord({ kind, id }: { kind: Kind; id: number }) {
  const { t } = useTranslation()
  const resource = kind === 'shipping' ? shippingIssuesResource : companyRequestsResource
  const record = useActorRef(crudFormMachine, { input: { resource, id } })
  const snapshot = useSelector(record, (s) => s)
  if (snapshot.matches('loading') || snapshot.matches('starting')) return <LoadingScreen label={t('common.loading')} />
  if (snapshot.matches('loadFailed')) {
    return (
      <div className={card}>
        <Alert tone="error">{formFailure(snapshot)?.message || t('form.loadFailed')}</Alert>
        <Button className={css({ mt: '4' })} onClick={() => record.send({ type: 'form.retry' })}>
          {t('actions.tryAgain')}
        </Button>
      </div>
    )
  }
  return kind === 'shipping' ? (
    <ShippingIssueView item={snapshot.context.record as unknown as ShippingIssue} />
  ) : (
    <CompanyRequestView item={snapshot.context.record as unknown as CompanyRequest} />
  )
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className={rowStyle}>
      <dt className={term}>{label}</dt>
      <dd>{children}</dd>
    </div>
  )
}

function ShippingIssueView({ item }: { item: ShippingIssue }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const canResolve = usePermission('support:resolve')
  const actor = useActorRef(supportItemMachine, {
    input: { kind: 'shippingIssue', status: item.resolved ? 'resolved' : 'notResolved', path: shippingIssuesResource.path, id: item.id },
  })
  const snapshot = useSelector(actor, (s) => s)
  const resolved = snapshot.matches({ shippingIssue: 'resolved' })
  const pending = isPending(snapshot)
  return (
    <section className={card} aria-labelledby="support-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="support-title" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {t('support.shippingIssue')} <bdi>{item.orderNumber}</bdi>
        </h2>
        <Badge tone={resolved ? 'success' : 'warning'}>{resolved ? t('support.resolved') : t('support.notResolved')}</Badge>
        <div className={css({ display: 'flex', gap: '2', ms: 'auto' })}>
          {canResolve && !resolved ? (
            <Button size="sm" loading={pending} loadingText={t('support.resolving')} onClick={() => actor.send({ type: 'support.resolve' })}>
              {t('support.markResolved')}
            </Button>
          ) : null}
          <Link to={paths.support.shippingList} className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
            {t('actions.back')}
          </Link>
        </div>
      </div>
      {snapshot.context.message ? (
        <div className={css({ mb: '4' })}>
          <Alert tone="success">{snapshot.context.message}</Alert>
        </div>
      ) : null}
      <dl>
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
      </dl>
      <FailureDialog message={snapshot.context.failure ? snapshot.context.failure.message : null} onClose={() => actor.send({ type: 'support.dismiss' })} />
    </section>
  )
}

function CompanyRequestView({ item }: { item: CompanyRequest }) {
  const { t, i18n } = useTranslation()
  const lang = i18n.language === 'en' ? 'en' : 'ar'
  const canActivate = usePermission('support:activate')
  const actor = useActorRef(supportItemMachine, {
    input: { kind: 'companyRequest', status: item.activated ? 'activated' : 'notActivated', path: companyRequestsResource.path, id: item.id },
  })
  const snapshot = useSelector(actor, (s) => s)
  const activated = snapshot.matches({ companyRequest: 'activated' })
  const pending = isPending(snapshot)
  return (
    <section className={card} aria-labelledby="support-title">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="support-title" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {item.company_name}
        </h2>
        <Badge tone={activated ? 'success' : 'warning'}>{activated ? t('support.activated') : t('support.notActivated')}</Badge>
        <div className={css({ display: 'flex', gap: '2', ms: 'auto' })}>
          {canActivate && !activated ? (
            <Button size="sm" loading={pending} loadingText={t('support.activating')} onClick={() => actor.send({ type: 'support.activate' })}>
              {t('support.activate')}
            </Button>
          ) : null}
          <Link to={paths.support.companyRequestsList} className={buttonRecipe({ variant: 'outline', size: 'sm' })}>
            {t('actions.back')}
          </Link>
        </div>
      </div>
      {snapshot.context.message ? (
        <div className={css({ mb: '4' })}>
          <Alert tone="success">{snapshot.context.message}</Alert>
        </div>
      ) : null}
      <dl>
        <Row label={t('support.fields.company_name')}>{item.company_name}</Row>
        <Row label={t('support.fields.tenant')}>{item.tenant}</Row>
        <Row label={t('support.fields.contact_phone')}>
          <bdi dir="ltr">{item.contact_phone}</bdi>
        </Row>
        <Row label={t('support.fields.created_at')}>{formatDateTime(item.created_at, lang)}</Row>
        {item.activatedAt ? <Row label={t('support.fields.activatedAt')}>{formatDateTime(item.activatedAt, lang)}</Row> : null}
        {item.activated_by ? <Row label={t('support.fields.activated_by')}>{item.activated_by}</Row> : null}
      </dl>
      <FailureDialog message={snapshot.context.failure ? snapshot.context.failure.message : null} onClose={() => actor.send({ type: 'support.dismiss' })} />
    </section>
  )
}
