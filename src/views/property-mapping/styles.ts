import { css } from 'styled-system/css'
import { mappingScreens } from '../../contract/mapping.routes'

/** The editor's address of a marketplace property (the properties endpoint is keyed by the marketplace category: `?category=`). */
export const propertyEditorPath = (mainCategoryId: number | string, propertyId: number, categoryId: number) =>
  `${mappingScreens.property(mainCategoryId, propertyId)}?category=${categoryId}`

export const pageStyles = {
  page: css({ display: 'flex', flexDir: 'column', gap: '5' }),
  header: css({
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    justifyContent: 'space-between',
    gap: '3',
  }),
  crumbs: css({ fontSize: 'sm', color: 'fg.muted', display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'center' }),
  heading: css({ fontSize: { base: 'xl', md: '2xl' }, fontWeight: '700', lineHeight: '1.3' }),
  muted: css({ color: 'fg.muted', fontSize: 'sm' }),
  panel: css({
    bg: 'bg.surface',
    borderRadius: 'xl',
    borderWidth: '1px',
    borderColor: 'border.default',
    p: { base: '4', md: '5' },
    display: 'flex',
    flexDir: 'column',
    gap: '4',
    minW: '0',
  }),
  panelTitle: css({ fontSize: 'md', fontWeight: '700' }),
  other: css({ display: 'block', color: 'fg.muted', fontSize: 'xs', fontWeight: '400' }),
}
