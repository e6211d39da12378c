import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { screens } from '../contract/screens'
import { buttonRecipe } from '../ui/button'
import { cardStyle } from '../views/shared/card'

/** An admin opened a screen its roles do not include (a shared link, an old bookmark). */
export function Forbidden() {
  const { t } = useTranslation()
  return (
    <section
      role="alert"
      className={`${cardStyle} ${css({ maxW: '2xl', display: 'flex', flexDir: 'column', gap: '3', alignItems: 'flex-start' })}`}
    >
      <h2 className={css({ fontSize: 'lg', fontWeight: '700' })}>{t('errors.forbiddenTitle')}</h2>
      <p className={css({ color: 'fg.muted' })}>{t('errors.forbiddenBody')}</p>
      <Link to={screens.dashboard} className={buttonRecipe({ variant: 'outline' })}>
        {t('nav.dashboard')}
      </Link>
    </section>
  )
}
