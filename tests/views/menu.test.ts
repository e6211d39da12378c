import { describe, expect, it } from 'vitest'
import { adminMenu, isGroup, isGroupCurrent, visibleMenu, type MenuEntry } from '../../src/app/menu'

const labels = (entries: MenuEntry[]) =>
  entries.map((e) => (isGroup(e) ? `${e.label}: ${e.items.map((i) => i.label).join(', ')}` : e.label))

describe('admin menu', () => {
  it('a primary admin (*) sees every entry', () => {
    expect(labels(visibleMenu(['*']))).toEqual([
      'nav.dashboard',
      'vendors.menu',
      'coupons.group: subscription-packages.menu, subscription-packages.generalMenu, coupons.menu, subscriptions.menu',
      'partners.group: partners.menu, referral-code-groups.menu',
      'nav.groups.catalog: categories.menu, properties.menu, marketplaces.menu',
      'nav.groups.content: blogs.menu, contents.menu, terms.menu',
      'reports.group: reports.partners.menu, reports.coupons.menu',
      'nav.groups.support: support.menu.shippingIssues, support.menu.companyRequests, contact.menu',
      'users.group: users.menu, roles.menu',
      'flows.menu',
      'audit.menu',
      'settings.menu',
    ])
  })

  it('a sub admin sees the items it may view; a group with none of them disappears', () => {
    expect(labels(visibleMenu(['categories:view', 'categories:update', 'blogs:view']))).toEqual([
      'nav.dashboard',
      'nav.groups.catalog: categories.menu',
      'nav.groups.content: blogs.menu',
    ])
    expect(labels(visibleMenu([]))).toEqual(['nav.dashboard'])
  })

  it('a group is current on any screen of its items, and on its own section', () => {
    const support = adminMenu.find((e) => isGroup(e) && e.key === 'support')
    const catalog = adminMenu.find((e) => isGroup(e) && e.key === 'catalog')
    if (!support || !isGroup(support) || !catalog || !isGroup(catalog)) throw new Error('groups missing')
    expect(isGroupCurrent(catalog, '/admin-panel/properties/edit/4')).toBe(true)
    expect(isGroupCurrent(catalog, '/admin-panel/propertiesx')).toBe(false)
    expect(isGroupCurrent(support, '/admin-panel/support/view/3')).toBe(true)
    expect(isGroupCurrent(support, '/admin-panel/contact/list')).toBe(true)
    expect(isGroupCurrent(support, '/admin-panel/blogs/list')).toBe(false)
  })
})

describe('the header row', () => {
  it('holds every entry that fits, keeping room for "More" only when some do not', async () => {
    const { entriesThatFit } = await import('../../src/app/layouts/header-nav')
    // 4 px between entries
    expect(entriesThatFit([100, 100, 100], 80, 312)).toBe(3)
    expect(entriesThatFit([100, 100, 100], 80, 311)).toBe(2)
    expect(entriesThatFit([100, 100, 100], 80, 288)).toBe(2)
    expect(entriesThatFit([100, 100, 100], 80, 287)).toBe(1)
    expect(entriesThatFit([100, 100, 100], 80, 183)).toBe(0)
    expect(entriesThatFit([100, 100, 100], 80, 184)).toBe(1)
    expect(entriesThatFit([], 80, 0)).toBe(0)
  })
})
