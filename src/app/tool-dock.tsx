import { useSelector } from '@xstate/react'
import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from 'react'
import { useTranslation } from 'react-i18next'
import { css } from 'styled-system/css'
import { hasPermission } from '../contract/access'
import { Button } from '../ui/button'
import { CloseIcon } from '../ui/icons'
import { LoadingScreen } from '../ui/spinner'
import { useRoot } from './root'
import { tools } from './tools'

const panels = new Map<string, LazyExoticComponent<ComponentType>>(
  tools.map((tool) => [tool.key, lazy(() => tool.panel().then((panel) => ({ default: panel })))]),
)

/** How much of the window the docked panel takes; the screen above keeps room to scroll past it. */
const DOCK_HEIGHT = '48dvh'

/**
 * The open tool's panel, docked under every screen and kept across screens (the `dock` chart);
 * loaded with the first panel opened, so no screen pays for it otherwise. It
 * stays while nobody is signed in (QA follows a sign-out in it); an admin who signs in without the
 * tool's permission has it closed.
 */
export default function ToolDock() {
  const { t } = useTranslation()
  const { dock, session } = useRoot()
  const key = useSelector(dock, (s) => (s.matches('open') ? s.context.tool : null))
  const permissions = useSelector(session, (s) => (s.context.admin ? s.context.admin.permissions : null))
  const tool = tools.find((x) => x.key === key)
  const refused = tool !== undefined && permissions !== null && !hasPermission(permissions, tool.permission)
  useEffect(() => {
    if (refused) dock.send({ type: 'dock.close' })
  }, [dock, refused])
  const Panel = tool ? panels.get(tool.key) : undefined
  if (!tool || !Panel || refused) return null
  const label = t(tool.label)
  return (
    <>
      <div aria-hidden="true" className={css({ flexShrink: '0' })} style={{ height: DOCK_HEIGHT }} />
      <section
        aria-label={label}
        data-testid="tool-dock"
        className={css({
          position: 'fixed',
          insetInline: '0',
          bottom: '0',
          zIndex: 1200,
          display: 'flex',
          flexDir: 'column',
          bg: 'bg.canvas',
          borderTopWidth: '2px',
          borderColor: 'primary.600',
          boxShadow: '0 -8px 24px rgba(15, 23, 42, 0.12)',
        })}
        style={{ height: DOCK_HEIGHT }}
      >
        <header
          className={css({
            display: 'flex',
            alignItems: 'center',
            gap: '2',
            px: '4',
            py: '1.5',
            bg: 'bg.surface',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          <tool.icon width={18} height={18} aria-hidden="true" />
          <h2 className={css({ fontWeight: '700', fontSize: 'sm' })}>{label}</h2>
          <Button
            size="sm"
            variant="ghost"
            className={css({ ms: 'auto' })}
            aria-label={t('actions.close')}
            title={t('actions.close')}
            onClick={() => dock.send({ type: 'dock.close' })}
          >
            <CloseIcon width={16} height={16} aria-hidden="true" />
          </Button>
        </header>
        <div className={css({ flex: '1', minH: '0', overflow: 'hidden', p: '3' })}>
          <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
            <Panel />
          </Suspense>
        </div>
      </section>
    </>
  )
}
