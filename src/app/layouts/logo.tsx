import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'

export function Logo() {
  const { t } = useTranslation()
  return (
    <span
      className={css({
        display: 'inline-flex',
        alignItems: 'center',
        gap: { base: '2', sm: '2.5' },
        fontWeight: '700',
        // one line on a phone too: the name is never broken over two lines
        fontSize: { base: 'md', sm: 'lg' },
        whiteSpace: 'nowrap',
        color: 'fg.default',
        minW: '0',
      })}
    >
      <img src="/favicon.svg" alt="" width={32} height={32} className={css({ flexShrink: 0 })} />
      {/* a phone narrower than the name shortens it (…); the whole name is its title */}
      <span title={t('app.name')} className={css({ overflow: 'hidden', textOverflow: 'ellipsis', minW: '0' })}>
        {t('app.name')}
      </span>
    </span>
  )
}
