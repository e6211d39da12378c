import type { SeedDeps, ServerModule } from '../lib/context'
import { loadModules } from '../lib/modules'

/**
 * The demo data: each module's seeder in module order (a module's data may rely on the modules it
 * comes `after`). Idempotent: running it again creates nothing new. Answers how many rows were created.
 */
export async function seedDemo(deps: Omit<SeedDeps, 'modules'>, only?: readonly ServerModule[]): Promise<number> {
  const modules = only ?? (await loadModules())
  let created = 0
  for (const module of modules) {
    if (!module.seed) continue
    created += await module.seed.run({ ...deps, modules })
  }
  return created
}
