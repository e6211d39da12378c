import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { hasPermission } from '../contract/access'
import { screenModules } from './modules'

/** Every control the modules add to the admin header (no central list), each loaded once. */
const items: readonly { key: string; permission: string | null; Component: LazyExoticComponent<ComponentType> }[] = screenModules.flatMap(
  (m) =>
    (m.headerItems ?? []).map((item) => ({
      key: item.key,
      permission: item.permission,
      Component: lazy(() => item.component().then((c) => ({ default: c }))),
    })),
)

/** The modules' header controls this admin may use, in module order. */
export function HeaderItems({ permissions }: { permissions: readonly string[] }) {
  return (
    <>
      {items
        .filter((item) => item.permission === null || hasPermission(permissions, item.permission))
        .map(({ key, Component }) => (
          <Suspense key={key} fallback={null}>
            <Component />
          </Suspense>
        ))}
    </>
  )
}
