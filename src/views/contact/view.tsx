import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { type ContactDetail, contactResource, contactScreens } from '../../contract/contact'
import { Badge } from '../../ui/badge'
import { formatDateTime } from '../shared/format'
import { RecordView, viewStyles } from '../shared/record-view'
import { useLang } from '../shared/runtime'
import { ViewActions } from '../shared/view-actions'

const { card, row, term } = viewStyles

export function ContactViewScreen() {
  return <RecordView<ContactDetail> resource={contactResource}>{(message) => <ContactView message={message} />}</RecordView>
}

/** One contact message; the server marks it read when it is opened. */
function ContactView({ message }: { message: ContactDetail }) {
  const { t } = useTranslation()
  const lang = useLang()
  return (
    <section className={card} aria-labelledby="contact-subject">
      <div className={css({ display: 'flex', alignItems: 'center', gap: '3', mb: '4', flexWrap: 'wrap' })}>
        <h2 id="contact-subject" className={css({ fontSize: 'xl', fontWeight: '700' })}>
          {message.subject}
        </h2>
        <Badge tone={message.is_read ? 'neutral' : 'info'}>{message.is_read ? t('contact.read') : t('contact.unread')}</Badge>
        <ViewActions backPath={contactScreens.list} />
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
