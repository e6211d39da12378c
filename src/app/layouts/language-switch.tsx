import { useSelector } from '@xstate/react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { isAdmin } from '../../machines/session'
import { buttonRecipe } from '../../ui/button'
import { GlobeIcon } from '../../ui/icons'
import { useRoot } from '../root'

/**
 * Switches between Arabic and English (saved on the server for a signed-in admin). It is named by
 * what it shows, the other language's own name (in that language), and explains itself in a title.
 */
export function LanguageSwitch() {
  const { locale, session } = useRoot()
  const { t } = useTranslation()
  const current = useSelector(locale, (s) => s.context.locale)
  const signedInAdmin = useSelector(session, isAdmin)
  const next = current === 'ar' ? 'en' : 'ar'
  return (
    <button
      type="button"
      className={buttonRecipe({ variant: 'ghost', size: 'sm' })}
      onClick={() => locale.send({ type: 'locale.change', locale: next, remote: signedInAdmin })}
      title={t('language.switchTo')}
      lang={next}
      data-testid="language-switch"
    >
      {/* a phone's header has room for the language's name only */}
      <GlobeIcon width={18} height={18} className={css({ display: { base: 'none', sm: 'inline' } })} />
      {/* 500 is drawn with the regular face: the English page shows "العربية" with the Arabic face it
          already preloads instead of fetching the semibold one for seven letters */}
      <span className={css({ fontWeight: '500' })}>{t(`language.${next}`)}</span>
    </button>
  )
}
