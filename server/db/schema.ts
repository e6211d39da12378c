import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  type AnyPgColumn,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'

/**
 * Database schema (PostgreSQL dialect; the same for PGlite and PostgreSQL).
 * Rules that protect data live here as constraints, not only in code.
 */

const LOCALES = ['ar', 'en'] as const
const USER_TYPES = ['primary', 'sub'] as const
export const IDENTITIES = ['admin', 'user'] as const
export type Identity = (typeof IDENTITIES)[number]

const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })
const createdAt = () => tz('created_at').notNull().defaultNow()
const updatedAt = () => tz('updated_at').notNull().defaultNow()
const id = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

export const admins = pgTable(
  'admins',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    avatar: text('avatar'),
    locale: text('locale', { enum: LOCALES }).notNull().default('ar'),
    userType: text('user_type', { enum: USER_TYPES }).notNull().default('sub'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: tz('last_login_at'),
    previousLoginAt: tz('previous_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('admins_email_lower_unique').on(sql`lower(${t.email})`),
    check('admins_locale_check', sql`${t.locale} in ('ar', 'en')`),
    check('admins_user_type_check', sql`${t.userType} in ('primary', 'sub')`),
    check('admins_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('admins_version_check', sql`${t.version} >= 1`),
  ],
)

export const adminSessions = pgTable(
  'admin_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('admin_sessions_token_hash_unique'),
    subjectId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('admin_sessions_admin_id_idx').on(t.subjectId), index('admin_sessions_expires_at_idx').on(t.expiresAt)],
)

/** End users: the vendor accounts that sign in to the public side. */
export const users = pgTable(
  'users',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale', { enum: LOCALES }).notNull().default('ar'),
    isActive: boolean('is_active').notNull().default(true),
    lastLoginAt: tz('last_login_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`),
    check('users_locale_check', sql`${t.locale} in ('ar', 'en')`),
    check('users_email_lower_check', sql`${t.email} = lower(${t.email})`),
    check('users_version_check', sql`${t.version} >= 1`),
  ],
)

export const userSessions = pgTable(
  'user_sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull().unique('user_sessions_token_hash_unique'),
    subjectId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: tz('expires_at').notNull(),
    lastUsedAt: tz('last_used_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('user_sessions_user_id_idx').on(t.subjectId), index('user_sessions_expires_at_idx').on(t.expiresAt)],
)

/**
 * Password reset tokens of both identities. `subject_id` is not a foreign key on purpose: a token
 * whose account was deleted must still be recognised to answer "This admin does not exist.".
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    identity: text('identity', { enum: IDENTITIES }).notNull(),
    subjectId: integer('subject_id').notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique('password_resets_token_hash_unique'),
    expiresAt: tz('expires_at').notNull(),
    usedAt: tz('used_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('password_resets_subject_idx').on(t.identity, t.subjectId),
    check('password_resets_identity_check', sql`${t.identity} in ('admin', 'user')`),
  ],
)

/**
 * One row per forgot-password request, known email or not: the 5-minute resend rule reads it
 * without revealing whether an account exists. `accepted` is false for refused (too early) requests,
 * so a refused request does not push the wait further.
 */
export const resetRequests = pgTable(
  'reset_requests',
  {
    id: id(),
    identity: text('identity', { enum: IDENTITIES }).notNull(),
    email: text('email').notNull(),
    accepted: boolean('accepted').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('reset_requests_lookup_idx').on(t.identity, t.email, t.createdAt),
    check('reset_requests_identity_check', sql`${t.identity} in ('admin', 'user')`),
    check('reset_requests_email_lower_check', sql`${t.email} = lower(${t.email})`),
  ],
)

/** Admin roles: a name in both languages and the `module:action` permissions it grants. */
export const roles = pgTable(
  'roles',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    permissions: text('permissions').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [check('roles_version_check', sql`${t.version} >= 1`)],
)

/** Which roles a (sub) admin holds; its permissions are the union of theirs. */
export const adminRoles = pgTable(
  'admin_roles',
  {
    adminId: integer('admin_id')
      .notNull()
      .references(() => admins.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ name: 'admin_roles_pk', columns: [t.adminId, t.roleId] }), index('admin_roles_role_id_idx').on(t.roleId)],
)

/**
 * One row per write made through the admin API: who, what, which record, the changed fields
 * (`{ column: { from, to } }`). `admin_id` is kept as a plain number so the log outlives the admin.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    adminId: integer('admin_id'),
    action: text('action').notNull(),
    resource: text('resource').notNull(),
    recordId: integer('record_id'),
    changes: jsonb('changes').notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_record_idx').on(t.resource, t.recordId),
    index('audit_log_admin_idx').on(t.adminId, t.createdAt),
    index('audit_log_created_at_idx').on(t.createdAt),
  ],
)

/** Platform categories: a tree (a parent cannot be deleted while it has children). */
export const categories = pgTable(
  'categories',
  {
    id: id(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'restrict' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    image: text('image'),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('categories_parent_id_idx').on(t.parentId, t.id),
    index('categories_name_ar_idx').on(t.nameAr, t.id),
    index('categories_name_en_idx').on(t.nameEn, t.id),
    index('categories_created_at_idx').on(t.createdAt, t.id),
    index('categories_is_active_idx').on(t.isActive, t.id),
    // Substring search (ILIKE '%term%') through trigrams; the migration creates the pg_trgm extension.
    index('categories_name_ar_trgm_idx').using('gin', sql`${t.nameAr} gin_trgm_ops`),
    index('categories_name_en_trgm_idx').using('gin', sql`${t.nameEn} gin_trgm_ops`),
    check('categories_version_check', sql`${t.version} >= 1`),
    check('categories_not_own_parent_check', sql`${t.parentId} is null or ${t.parentId} <> ${t.id}`),
  ],
)

/** Product properties (attributes); choice types carry `values` (`[{ value_ar, value_en }]`). */
export const properties = pgTable(
  'properties',
  {
    id: id(),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    descriptionAr: text('description_ar'),
    descriptionEn: text('description_en'),
    attributeType: text('attribute_type').notNull(),
    values: jsonb('values').$type<{ value_ar: string; value_en: string }[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    /** Read-only for now: set when products use the property. */
    mapped: boolean('mapped').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('properties_name_ar_idx').on(t.nameAr, t.id),
    index('properties_name_en_idx').on(t.nameEn, t.id),
    index('properties_attribute_type_idx').on(t.attributeType, t.id),
    index('properties_created_at_idx').on(t.createdAt, t.id),
    check('properties_version_check', sql`${t.version} >= 1`),
    check('properties_attribute_type_check', sql`${t.attributeType} in ('TEXT', 'NUMBER', 'SELECT', 'MULTI_SELECT', 'COLOR', 'BOOLEAN')`),
    check('properties_values_array_check', sql`jsonb_typeof(${t.values}) = 'array'`),
  ],
)

const ARTICLE_LANGUAGES_SQL = sql`('ar', 'en', 'both')`

/** Blog posts and content pages share one shape; each has its own table. */
function articleTable(name: string) {
  return pgTable(
    name,
    {
      id: id(),
      titleAr: text('title_ar').notNull(),
      titleEn: text('title_en').notNull(),
      shortDescriptionAr: text('short_description_ar'),
      shortDescriptionEn: text('short_description_en'),
      bodyAr: text('body_ar').notNull(),
      bodyEn: text('body_en').notNull(),
      seoLinkAr: text('seo_link_ar').notNull(),
      seoLinkEn: text('seo_link_en').notNull(),
      sortOrder: integer('sort_order').notNull().default(0),
      language: text('language').notNull().default('both'),
      image: text('image'),
      isActive: boolean('is_active').notNull().default(true),
      createdAt: createdAt(),
      updatedAt: updatedAt(),
      version: integer('version').notNull().default(1),
    },
    (t) => [
      uniqueIndex(`${name}_seo_link_ar_unique`).on(t.seoLinkAr),
      uniqueIndex(`${name}_seo_link_en_unique`).on(t.seoLinkEn),
      index(`${name}_title_ar_idx`).on(t.titleAr, t.id),
      index(`${name}_title_en_idx`).on(t.titleEn, t.id),
      index(`${name}_sort_order_idx`).on(t.sortOrder, t.id),
      index(`${name}_created_at_idx`).on(t.createdAt, t.id),
      check(`${name}_version_check`, sql`${t.version} >= 1`),
      check(`${name}_sort_order_check`, sql`${t.sortOrder} >= 0`),
      check(`${name}_language_check`, sql`${t.language} in ${ARTICLE_LANGUAGES_SQL}`),
    ],
  )
}

export const blogs = articleTable('blogs')
export const contents = articleTable('contents')

/** Messages of the public contact form (read / unread). */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('contact_messages_created_at_idx').on(t.createdAt, t.id),
    index('contact_messages_name_idx').on(t.name, t.id),
    index('contact_messages_is_read_idx').on(t.isRead, t.id),
  ],
)

/** The single terms-and-conditions record (`singleton` is always true: at most one row). */
export const termsConditions = pgTable(
  'terms_conditions',
  {
    id: id(),
    singleton: boolean('singleton').notNull().default(true),
    termsAr: text('terms_ar').notNull(),
    termsEn: text('terms_en').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    uniqueIndex('terms_conditions_singleton_unique').on(t.singleton),
    check('terms_conditions_singleton_check', sql`${t.singleton}`),
    check('terms_conditions_version_check', sql`${t.version} >= 1`),
  ],
)

/** Shipping issues reported by the platform; resolved once (`resolve_at`, `resolved_by`). */
export const shippingIssues = pgTable(
  'shipping_issues',
  {
    id: id(),
    shipmentId: text('shipment_id').notNull(),
    orderId: integer('order_id').notNull(),
    orderNumber: text('order_number').notNull(),
    trackingNumber: text('tracking_number'),
    tenantId: integer('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    issue: text('issue').notNull(),
    resolveAt: tz('resolve_at'),
    resolvedBy: integer('resolved_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('shipping_issues_created_at_idx').on(t.createdAt, t.id),
    index('shipping_issues_resolve_at_idx').on(t.resolveAt, t.id),
    check('shipping_issues_version_check', sql`${t.version} >= 1`),
  ],
)

/** Requests of stores to activate a shipping company; activated once (`activated_at`). */
export const shippingCompanyRequests = pgTable(
  'shipping_company_requests',
  {
    id: id(),
    tenantId: integer('tenant_id').notNull(),
    tenantName: text('tenant_name').notNull(),
    companyName: text('company_name').notNull(),
    contactPhone: text('contact_phone').notNull(),
    activatedAt: tz('activated_at'),
    activatedBy: integer('activated_by').references(() => admins.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    version: integer('version').notNull().default(1),
  },
  (t) => [
    index('shipping_company_requests_created_at_idx').on(t.createdAt, t.id),
    index('shipping_company_requests_activated_at_idx').on(t.activatedAt, t.id),
    check('shipping_company_requests_version_check', sql`${t.version} >= 1`),
  ],
)
