import type { ParseKeys } from 'i18next'
import type { ComponentType, SVGProps } from 'react'
import type { AnyStateMachine } from 'xstate'

/** A key of the message catalogue. */
export type MessageKey = ParseKeys

export type MenuIcon = ComponentType<SVGProps<SVGSVGElement>>

/**
 * Who reaches a screen: signed-in admins (the default), guests only (the admin sign-in), anyone
 * (404), a signed-in vendor (an end user: the vendor's own area), or guests of the vendor's area
 * (its sign-in). Each kind has one guard and layout; an admin never opens a vendor's screen and a
 * vendor never an admin's.
 */
export const screenAccessKinds = ['admin', 'guest', 'public', 'vendor', 'vendorGuest'] as const
export type ScreenAccess = (typeof screenAccessKinds)[number]

export type ScreenRoute = {
  /** The route pattern, from the module's screens in the contract (`categoriesScreens.patterns.list`). */
  path: string
  /** Heading of the admin layout's toolbar. */
  title?: MessageKey
  access?: ScreenAccess
  /** A guest screen that needs the page's width (the registration wizard): no brand panel beside it. */
  wide?: boolean
  /**
   * A guest screen opened from outside the app (the public registration): when the browser loads
   * its address, it is a page of its own, without the admin app's router code. Inside the app it is
   * one more route.
   */
  standalone?: boolean
  /** What the admin must hold to open it (a module's `xxxAccess.can.view`); the server checks again. */
  permission?: string
  /** The screen component, loaded when first visited. */
  screen: () => Promise<ComponentType>
  /**
   * Its texts are all among the messages loaded at start (the app's, signing in's): it opens without
   * waiting for the modules' messages (the sign-in pages, 404).
   */
  startMessages?: boolean
  /**
   * Besides the start's, it needs only these modules' messages files (by name, as under
   * `src/i18n/locales/<lang>/`): it opens without waiting for every module's (the registration wizard).
   */
  messages?: readonly string[]
}

/** A header entry that holds several screens' entries (catalogue, content, support, ...). */
export type MenuGroup = { key: string; label: MessageKey; icon: MenuIcon; order: number }

export type MenuItem = {
  path: string
  /** Every path under it marks the entry as current. */
  section: string
  /** Screens under it that no entry names (a record's view) mark the entry's group as current. */
  area?: string
  label: MessageKey
  icon: MenuIcon
  /** Shown only to admins holding it; null: every admin. */
  permission: string | null
  /** In this group's menu; without one, a header entry of its own. */
  group?: MenuGroup
  /** Place among its neighbours (lower first). */
  order: number
}

/**
 * What a module of the web app declares, once, in its folder's `module.ts`: its screens (with the
 * permission each needs), the bare section address that leads to its first screen, and its menu
 * entries. The app builds its router and header menu from every module's declaration.
 */
export type ScreenModule = {
  name: string
  routes: readonly ScreenRoute[]
  /** `/admin-panel/categories` -> `/admin-panel/categories/list`. */
  redirects?: readonly { from: string; to: string }[]
  menu?: readonly MenuItem[]
  /**
   * The charts this module runs, by chart id, each loaded only when asked for (the Flows screen, the
   * export, the description check find every chart through these declarations).
   */
  charts?: Readonly<Record<string, () => Promise<AnyStateMachine>>>
  /** Tool panels it offers in the account menu, docked under every screen when opened. */
  tools?: readonly ToolPanel[]
  /** What it shows in the admin header beside the language and account menu (the notifications' bell). */
  headerItems?: readonly HeaderItem[]
}

/** A control of the admin header a module adds (loaded with the header, shown on every admin screen). */
type HeaderItem = {
  key: string
  /** Shown only to admins holding it; null: every admin. */
  permission: string | null
  /** The control, loaded when the header first shows. */
  component: () => Promise<ComponentType>
}

/** A tool whose panel docks under every screen, opened from the account menu (QA's Flows panel). */
export type ToolPanel = {
  key: string
  label: MessageKey
  icon: MenuIcon
  /** Offered only to admins holding it. */
  permission: string
  /** The panel, loaded when first opened. */
  panel: () => Promise<ComponentType>
}

export const defineModule = (module: ScreenModule): ScreenModule => module
