import { and, eq } from 'drizzle-orm'
import { adminRoles, admins, roles } from '../../db/schema'
import type { Seeder } from '../../lib/context'

/** The demo role and the demo sub admin that holds it (the admin comes from the auth seed). */
export const DEMO_ROLE = {
  nameAr: 'محرر المحتوى',
  nameEn: 'Content editor',
  permissions: [
    'categories:view',
    'categories:create',
    'categories:update',
    'blogs:view',
    'blogs:create',
    'blogs:update',
    'contents:view',
    'contents:create',
    'contents:update',
  ],
}
export const DEMO_ROLE_ADMIN_EMAIL = 'sara.subadmin@example.com'

/** Idempotent: the role is keyed by its English name, the link by (admin, role). */
export const rolesSeeder: Seeder = {
  name: 'roles',
  async run({ db, clock, log }) {
    const now = clock()
    let created = 0
    let [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.nameEn, DEMO_ROLE.nameEn)).limit(1)
    if (!role) {
      ;[role] = await db
        .insert(roles)
        .values({ ...DEMO_ROLE, createdAt: now, updatedAt: now })
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
