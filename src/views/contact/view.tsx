import { useActorRef, useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { css } from 'styled-system/css'
import { contactResource, type ContactDetail } from '../../contract'
import { crudFormMachine, formFailure } from '../../machines/crud-form'
import { paths } from '../../app/paths'
import { Alert } from '../../ui/alert'
import { Badge } from '../../ui/badge'
import { Button, buttonRecipe } from '../../ui/button'
import { LoadingScreen } from '../../ui/spinner'
import { formatDateTime } from '../shared/format'

const card = css({ bg: 'bg.surface', borderRadius: '2xl', borderWidth: '1px', borderColor: 'border.default', p: { base: '5', md: '8' } })
const row = css({ display: 'grid', gridTemplateColumns: { base: '1fr', sm: '200px 1fr' }, gap: '1', py: '3', borderBottomWidth: '1px', borderColor: 'border.default' })
const term = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' })

export function ContactViewScreen() {
  const id = Number(useParams().id)
  return <ContactView key={id} id={id} />
}

/** One contact message; the server marks it read when it is opened. */
function ContactView({ id }: { id: number }) {
  const { t, i18n } = useTranslation()
  const record = useActorRef(crudFormMachine, { input: { resource: contactResource, id } })
  const snapshot = useSelector(record, (s) => s)
  const lang = i18n.language === 'en' ? 'en' : 'ar'
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
  const message = snapshot.context.record as unknown as ContactDetail
  return (
    <section className={card} aria-labelledby="contact-subject">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="contact-subject" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {message.subject}
        </h2>
        <Badge tone={message.is_read ? 'neutral' : 'info'}>{message.is_read ? t('contact.read') : t('contact.unread')}</Badge>
        <Link to={paths.contact.list} className={`${buttonRecipe({ variant: 'outline', size: 'sm' })} ${css({ ms: 'auto' })}`}>
          {t('actions.back')}
        </Link>
      </div>
      <dl>
        <div className={row}>
          <dt className={term}>{t('contact.fields.name')}</dt>
          <dd>{message.name}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('contact.fields.email')}</dt>
          <dd>
            <a href={`mailto:${message.email}`} className={css({ color: 'accent.default' })}>
              <bdi>{message.email}</bdi>
            </a>
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('contact.fields.phone')}</dt>
          <dd>
            <bdi>{message.phone || '—'}</bdi>
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('contact.fields.created_at')}</dt>
          <dd>{formatDateTime(message.created_at, lang)}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('contact.fields.message')}</dt>
          <dd dir="auto" className={css({ whiteSpace: 'pre-wrap' })}>
            {message.message}
          </dd>
        </div>
      </dl>
    </section>
  )
}
