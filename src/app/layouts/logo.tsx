import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { imageUrlOf } from '../../contract/uploads'
import { useSiteLogo } from '../../views/shared/site'

/** The site's logo (the settings', else the platform's mark) and name. */
export function Logo() {
  const { t } = useTranslation()
  const logo = useSiteLogo()
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
      <img
        src={imageUrlOf(logo) ?? '/favicon.svg'}
        alt=""
        width={32}
        height={32}
        className={css({ flexShrink: 0, objectFit: 'contain', borderRadius: 'md' })}
      />
      {/* a phone narrower than the name shortens it (…); the whole name is its title */}
      <span title={t('app.name')} className={css({ overflow: 'hidden', textOverflow: 'ellipsis', minW: '0' })}>
        {t('app.name')}
      </span>
    </span>
  )
}
