import { hasPermission } from '../contract/access'
import type { ToolPanel } from '../views/shared/screen-module'
import { screenModules } from './modules'

/** Every tool panel the modules offer (no central list). */
export const tools: readonly ToolPanel[] = screenModules.flatMap((m) => m.tools ?? [])

/** The tools this admin holds, for the account menu. */
export const toolsFor = (permissions: readonly string[]) => tools.filter((tool) => hasPermission(permissions, tool.permission))
