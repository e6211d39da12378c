import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import { Avatar } from '../../ui/avatar'
import { formatDateTime } from '../shared/format'
import { cardStyle } from '../shared/card'
import { useAdmin, useLang } from '../shared/runtime'

const row = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: '200px 1fr' },
  gap: '1',
  py: '3',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
  _last: { borderBottomWidth: '0' },
})
const term = css({ color: 'fg.muted', fontSize: 'sm', fontWeight: '600' })

/** The signed-in admin's own account, as the server knows it. */
export function ProfileScreen() {
  const { t } = useTranslation()
  const admin = useAdmin()
  const lang = useLang()
  if (!admin) return null
  return (
    <section className={cx(cardStyle, css({ maxW: '3xl' }))}>
      <div className={css({ display: 'flex', alignItems: 'center', gap: '4', mb: '4' })}>
        <Avatar name={admin.name} src={admin.avatar} />
        <h2 className={css({ fontSize: 'xl', fontWeight: '700' })}>{admin.name}</h2>
      </div>
      <dl>
        <div className={row}>
          <dt className={term}>{t('fields.email')}</dt>
          <dd dir="ltr" className={css({ textAlign: 'start' })}>
            {admin.email}
          </dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('fields.userType')}</dt>
          <dd>{t(`dashboard.role.${admin.user_type}`)}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('fields.locale')}</dt>
          <dd>{t(`language.${admin.locale}`)}</dd>
        </div>
        <div className={row}>
          <dt className={term}>{t('fields.lastSignIn')}</dt>
          <dd>{admin.last_login_at ? formatDateTime(admin.last_login_at, lang) : t('dashboard.firstSignIn')}</dd>
        </div>
      </dl>
    </section>
  )
}
