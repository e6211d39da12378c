import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { useRoot } from '../../app/root'
import { GlobeIcon } from '../../ui/icons'
import { buttonRecipe } from '../../ui/button'

/** Switches between Arabic and English; shows the other language's own name. */
export function LanguageSwitch() {
  const { locale, session } = useRoot()
  const { t } = useTranslation()
  const current = useSelector(locale, (s) => s.context.locale)
  const signedInAdmin = useSelector(session, (s) => s.matches('signedIn') && s.context.identity === 'admin')
  const next = current === 'ar' ? 'en' : 'ar'
  return (
    <button
      type="button"
      className={buttonRecipe({ variant: 'ghost', size: 'sm' })}
      onClick={() => locale.send({ type: 'locale.change', locale: next, remote: signedInAdmin })}
      aria-label={t('language.switchTo')}
      lang={next}
      data-testid="language-switch"
    >
      <GlobeIcon width={18} height={18} />
      <span className={css({ fontWeight: '600' })}>{t(`language.${next}`)}</span>
    </button>
  )
}
