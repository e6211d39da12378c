import { createBrowserInspector } from '@statelyai/inspect'
import { watchActors } from '../machines/runtime'

/**
 * QA's view of the running app: every actor the app starts from now on streams its snapshots and
 * events to the Stately inspector, opened in a window of its own. Loaded only when asked for.
 */
export function startInspector(): void {
  const inspector = createBrowserInspector()
  watchActors((event) => inspector.inspect.next?.(event))
}
