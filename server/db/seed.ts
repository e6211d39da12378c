import type { SeedDeps, ServerModule } from '../lib/context'
import { modules as defaultModules } from '../modules'

/**
 * The demo data: each module's seeder in the order of the module list (a module's data may rely on
 * the modules before it). Idempotent: running it again creates nothing new. Answers how many rows
 * were created.
 */
export async function seedDemo(deps: SeedDeps, modules: readonly ServerModule[] = defaultModules): Promise<number> {
  let created = 0
  for (const module of modules) {
    if (!module.seed) continue
    created += await module.seed.run(deps)
  }
  return created
}
