import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { buttonRecipe } from '../../ui/button'
import { screens } from '../../contract/screens'

export function NotFoundScreen() {
  const { t } = useTranslation()
  return (
    <main id="main" className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6' })}>
      <div className={css({ textAlign: 'center', maxW: 'md' })}>
        <p className={css({ fontSize: '7xl', fontWeight: '800', color: 'primary.600', lineHeight: '1' })} aria-hidden="true">
          404
        </p>
        <h1 className={css({ mt: '4', fontSize: '2xl', fontWeight: '700' })}>{t('notFound.title')}</h1>
        <p className={css({ mt: '2', color: 'fg.muted' })}>{t('notFound.body')}</p>
        <Link to={screens.admin} className={buttonRecipe({ size: 'lg', variant: 'solid' }) + ' ' + css({ mt: '6' })}>
          {t('actions.goHome')}
        </Link>
      </div>
    </main>
  )
}
