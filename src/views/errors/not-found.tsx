import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { css } from 'styled-system/css'
import { paths } from '../../app/paths'
import { buttonRecipe } from '../../ui/button'
import { LanguageSwitch } from '../shared/language-switch'

export function NotFoundScreen() {
  const { t } = useTranslation()
  return (
    <main id="main" className={css({ minH: '100dvh', display: 'grid', placeItems: 'center', p: '6', position: 'relative' })}>
      <div className={css({ position: 'absolute', top: '4', insetInlineEnd: '4' })}>
        <LanguageSwitch />
      </div>
      <div className={css({ textAlign: 'center', maxW: 'md' })}>
        <p className={css({ fontSize: '7xl', fontWeight: '800', color: 'primary.600', lineHeight: '1' })} aria-hidden="true">
          404
        </p>
        <h1 className={css({ mt: '4', fontSize: '2xl', fontWeight: '700' })}>{t('notFound.title')}</h1>
        <p className={css({ mt: '2', color: 'fg.muted' })}>{t('notFound.body')}</p>
        <Link to={paths.admin} className={buttonRecipe({ size: 'lg', variant: 'solid' }) + ' ' + css({ mt: '6' })}>
          {t('actions.goHome')}
        </Link>
      </div>
    </main>
  )
}
