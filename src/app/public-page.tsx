import { useSelector } from '@xstate/react'
import { Component, lazy, Suspense, useEffect, type ReactElement, type ReactNode } from 'react'
import { safeRedirect } from '../contract/screens'
import { isAdmin } from '../machines/session'
import type { ScreenRoute } from '../views/shared/screen-module'
import { BootScreen, Frame, ScreenFailure } from './frame'
import { GuestLayout } from './layouts/guest-layout'
import { useRoot } from './root'
import { loadScreen, type BeforeScreen } from './screen-loader'
import { useSessionHold } from './session-gate'

/**
 * A guest screen that is a page of its own (the public registration): the same frame, guard and
 * layout as inside the admin app, without the router's code. Its navigations load the next page
 * (see `src/views/shared/router-ports.ts`).
 */
export function publicPage(route: ScreenRoute, beforeScreen: BeforeScreen): ReactElement {
  const Screen = lazy(() => loadScreen(route, beforeScreen).then((screen) => ({ default: screen })))
  return (
    <Frame path={window.location.pathname}>
      <ScreenBoundary>
        <GuestPage wide={route.wide === true}>
          <Suspense fallback={<BootScreen />}>
            <Screen />
          </Suspense>
        </GuestPage>
      </ScreenBoundary>
    </Frame>
  )
}

/** As the app's guest guard: a signed-in admin goes to the dashboard (or where sign-in was asked from). */
function GuestPage({ wide, children }: { wide: boolean; children: ReactNode }) {
  const { session } = useRoot()
  const admin = useSelector(session, isAdmin)
  const hold = useSessionHold()
  useEffect(() => {
    if (admin) window.location.replace(safeRedirect(new URLSearchParams(window.location.search).get('redirect')))
  }, [admin])
  if (hold) return hold
  if (admin) return <BootScreen />
  return <GuestLayout wide={wide}>{children}</GuestLayout>
}

type BoundaryState = { failure: { error: unknown } | null }

/** A screen that failed to load (or to render) says so, as the router's error element does. */
class ScreenBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null }
  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { failure: { error } }
  }
  override render() {
    return this.state.failure ? <ScreenFailure error={this.state.failure.error} /> : this.props.children
  }
}
