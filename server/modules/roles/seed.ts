import { and, eq } from 'drizzle-orm'
import { adminRoles, roles } from './schema'
import { admins } from '../auth/schema'
import type { Seeder, ServerModule } from '../../lib/context'

/** The demo role and the demo sub admin that holds it (the admin comes from the auth seed). */
const DEMO_ROLE = { nameAr: 'محرر المحتوى', nameEn: 'Content editor' }
export const DEMO_ROLE_ADMIN_EMAIL = 'sara.subadmin@example.com'

/** The demo role's permissions: what each module grants it (`demoGrants`), sorted. */
export const demoRolePermissions = (modules: readonly ServerModule[]) => modules.flatMap((m) => m.demoGrants ?? []).sort()

/** Idempotent: the role is keyed by its English name, the link by (admin, role). */
export const rolesSeeder: Seeder = {
  name: 'roles',
  async run({ db, clock, log, modules }) {
    const now = clock()
    let created = 0
    let [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.nameEn, DEMO_ROLE.nameEn)).limit(1)
    if (!role) {
      ;[role] = await db
        .insert(roles)
        .values({ ...DEMO_ROLE, permissions: demoRolePermissions(modules), createdAt: now, updatedAt: now })
        .returning({ id: roles.id })
      created += 1
    }
    const [admin] = await db.select({ id: admins.id }).from(admins).where(eq(admins.email, DEMO_ROLE_ADMIN_EMAIL)).limit(1)
    if (!role || !admin) return created
    const [linked] = await db
      .select({ adminId: adminRoles.adminId })
      .from(adminRoles)
      .where(and(eq(adminRoles.adminId, admin.id), eq(adminRoles.roleId, role.id)))
      .limit(1)
    if (!linked) {
      await db.insert(adminRoles).values({ adminId: admin.id, roleId: role.id, createdAt: now }).onConflictDoNothing()
      created += 1
    }
    if (created > 0) log.info({ role: DEMO_ROLE.nameEn, admin: DEMO_ROLE_ADMIN_EMAIL }, 'demo role seeded')
    return created
  },
}
