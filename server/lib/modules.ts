import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { ServerModule } from './context'

const modulesDir = fileURLToPath(new URL('../modules', import.meta.url))

/** A module's declaration, typed (its folder's `index.ts` default-exports it). */
export const defineServerModule = (module: ServerModule): ServerModule => module

/**
 * Orders modules so each comes after the ones it names in `after` (then by name): seeds run in
 * this order. A missing or circular dependency stops the start with a clear error.
 */
function orderModules(modules: readonly ServerModule[]): ServerModule[] {
  const byName = new Map<string, ServerModule>()
  for (const module of modules) {
    if (byName.has(module.name)) throw new Error(`server module ${module.name} is declared twice`)
    byName.set(module.name, module)
  }
  const ordered: ServerModule[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (module: ServerModule, path: string[]) => {
    const seen = state.get(module.name)
    if (seen === 'done') return
    if (seen === 'visiting') throw new Error(`server modules depend on each other in a circle: ${[...path, module.name].join(' -> ')}`)
    state.set(module.name, 'visiting')
    for (const name of [...(module.after ?? [])].sort()) {
      const dependency = byName.get(name)
      if (!dependency) throw new Error(`server module ${module.name} comes after ${name}, which does not exist`)
      visit(dependency, [...path, module.name])
    }
    state.set(module.name, 'done')
    ordered.push(module)
  }
  for (const module of [...modules].sort((a, b) => a.name.localeCompare(b.name))) visit(module, [])
  return ordered
}

let loaded: Promise<ServerModule[]> | null = null

/** Every folder of `server/modules/` with an `index.ts` (or built `index.js`) is a module. */
export function loadModules(): Promise<ServerModule[]> {
  loaded ??= (async () => {
    const found: ServerModule[] = []
    for (const entry of readdirSync(modulesDir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      if (!entry.isDirectory()) continue
      const file = ['index.ts', 'index.js'].map((name) => join(modulesDir, entry.name, name)).find((path) => existsSync(path))
      if (!file) continue
      const imported = (await import(pathToFileURL(file).href)) as { default?: ServerModule }
      if (!imported.default?.name) throw new Error(`server/modules/${entry.name} does not default-export a module declaration`)
      found.push(imported.default)
    }
    return orderModules(found)
  })()
  return loaded
}
