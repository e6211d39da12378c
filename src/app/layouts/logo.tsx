import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'

export function Logo() {
  const { t } = useTranslation()
  return (
    <span
      className={css({ display: 'inline-flex', alignItems: 'center', gap: '2.5', fontWeight: '700', fontSize: 'lg', color: 'fg.default' })}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} />
      {t('app.name')}
    </span>
  )
}
