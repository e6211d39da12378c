import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { LanguageSwitch } from './language-switch'
import { Logo } from './logo'

/**
 * The frame of the guest screens: the form on the start side, the brand panel on the end side; a
 * `wide` screen (the registration wizard) takes the whole width, without the panel.
 */
export function GuestLayout({ children, wide = false }: { children: ReactNode; wide?: boolean }) {
  const { t } = useTranslation()
  return (
    <div className={css({ minH: '100dvh', display: 'grid', gridTemplateColumns: { base: '1fr', lg: wide ? '1fr' : '1fr 1fr' } })}>
      <div className={css({ display: 'flex', flexDir: 'column', bg: 'bg.surface' })}>
        <header
          className={css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: { base: '5', md: '10' }, py: '5' })}
        >
          <Logo />
          <LanguageSwitch />
        </header>
        <main
          id="main"
          className={css({
            flex: '1',
            display: 'grid',
            placeItems: wide ? 'start center' : 'center',
            px: { base: '5', md: '10' },
            pb: '10',
          })}
        >
          <div className={wide ? css({ w: 'full', maxW: '1120px', minW: '0' }) : css({ w: 'full', maxW: '420px' })}>{children}</div>
        </main>
      </div>
      {wide ? null : (
        <aside
          aria-hidden="true"
          className={css({
            display: { base: 'none', lg: 'flex' },
            flexDir: 'column',
            justifyContent: 'flex-end',
            p: '14',
            color: 'white',
            bgGradient: 'to-br',
            gradientFrom: 'primary.600',
            gradientTo: 'primary.900',
            position: 'relative',
            overflow: 'hidden',
          })}
        >
          <div
            className={css({
              position: 'absolute',
              insetBlockStart: '-20',
              insetInlineEnd: '-20',
              w: '96',
              h: '96',
              borderRadius: 'full',
              bg: 'whiteAlpha.100',
            })}
          />
          <div
            className={css({
              position: 'absolute',
              insetBlockStart: '40',
              insetInlineStart: '-24',
              w: '72',
              h: '72',
              borderRadius: 'full',
              bg: 'whiteAlpha.100',
            })}
          />
          <p className={css({ fontSize: '3xl', fontWeight: '700', lineHeight: '1.3', maxW: 'md', position: 'relative' })}>
            {t('app.name')}
          </p>
          <p className={css({ mt: '3', fontSize: 'lg', opacity: 0.85, maxW: 'md', position: 'relative' })}>{t('dashboard.intro')}</p>
        </aside>
      )}
    </div>
  )
}
