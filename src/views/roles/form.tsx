import { useTranslation } from 'react-i18next'
import { css, cx } from 'styled-system/css'
import { roleCreateBody, rolesResource, rolesScreens, roleUpdateBody, type Role } from '../../contract/roles'
import { FormBilingualFields } from '../../forms/ark-fields'
import { ResourceForm, formStyles } from '../shared/resource-form'
import { PermissionMatrix } from './permission-matrix'

type Values = { name_ar: string; name_en: string; permissions: string[] }

function valuesOf(record: Partial<Role>): Values {
  const tr = (locale: 'ar' | 'en') => record.translations?.find((x) => x.locale === locale)?.name ?? ''
  return { name_ar: tr('ar'), name_en: tr('en'), permissions: record.permissions ?? [] }
}

const schemas = { create: roleCreateBody, update: roleUpdateBody }

/** Create (no id) or edit a role: its names and its permissions as a matrix of modules and actions. */
export function RoleFormScreen() {
  const { t } = useTranslation()
  return (
    <ResourceForm<Values, Role>
      resource={rolesResource}
      schemas={schemas}
      valuesOf={valuesOf}
      savedPath={() => rolesScreens.list}
      listPath={rolesScreens.list}
    >
      {(serverError) => (
        <div className={formStyles.grid}>
          <FormBilingualFields
            name="name"
            labels={{ ar: t('roles.fields.name_ar'), en: t('roles.fields.name_en') }}
            required
            serverError={serverError}
          />
          <div className={cx(formStyles.wide, css({ minW: '0' }))}>
            <PermissionMatrix serverError={serverError('permissions')} />
          </div>
        </div>
      )}
    </ResourceForm>
  )
}
