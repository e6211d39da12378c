import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom'
import { AdminIndex, GuestOnly, RequireAdmin, type RouteHandle } from './guards'
import { paths } from './paths'
import { BootScreen, RouteError, Shell } from './shell'

const CHUNK_TIMEOUT_MS = 120_000

/** Lazy route module with the spec's chunk timeout: a module that does not arrive in time fails. */
function lazyScreen<M>(load: () => Promise<M>, pick: (m: M) => React.ComponentType) {
  return async () => {
    let timer: ReturnType<typeof setTimeout> | undefined
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('Loading chunk failed')), CHUNK_TIMEOUT_MS)
    })
    try {
      const mod = await Promise.race([load(), timeout])
      return { Component: pick(mod) }
    } finally {
      clearTimeout(timer)
    }
  }
}

const handle = (title: string): RouteHandle => ({ title })

export const routes: RouteObject[] = [
  {
    element: <Shell />,
    errorElement: <RouteError />,
    hydrateFallbackElement: <BootScreen />,
    children: [
      { path: paths.root, element: <Navigate to={paths.admin} replace /> },
      { path: paths.admin, element: <AdminIndex /> },
      {
        element: <GuestOnly />,
        children: [
          { path: paths.signIn, lazy: lazyScreen(() => import('../views/auth/sign-in'), (m) => m.SignInScreen) },
          { path: paths.forgetPassword, lazy: lazyScreen(() => import('../views/auth/forget-password'), (m) => m.ForgetPasswordScreen) },
          { path: paths.resetPassword, lazy: lazyScreen(() => import('../views/auth/reset-password'), (m) => m.ResetPasswordScreen) },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [
          {
            path: paths.dashboard,
            handle: handle('dashboard.title'),
            lazy: lazyScreen(() => import('../views/dashboard/dashboard'), (m) => m.DashboardScreen),
          },
          { path: '/admin-panel/categories', element: <Navigate to={paths.categories.list} replace /> },
          {
            path: paths.categories.list,
            handle: handle('categories.title'),
            lazy: lazyScreen(() => import('../views/categories/list'), (m) => m.CategoriesListScreen),
          },
          {
            path: paths.categories.create,
            handle: handle('categories.createTitle'),
            lazy: lazyScreen(() => import('../views/categories/form'), (m) => m.CategoryFormScreen),
          },
          {
            path: `${paths.categories.edit}/:id`,
            handle: handle('categories.editTitle'),
            lazy: lazyScreen(() => import('../views/categories/form'), (m) => m.CategoryFormScreen),
          },
          {
            path: `${paths.categories.view}/:id`,
            handle: handle('categories.viewTitle'),
            lazy: lazyScreen(() => import('../views/categories/view'), (m) => m.CategoryViewScreen),
          },
          { path: '/admin-panel/properties', element: <Navigate to={paths.properties.list} replace /> },
          {
            path: paths.properties.list,
            handle: handle('properties.title'),
            lazy: lazyScreen(() => import('../views/properties/list'), (m) => m.PropertiesListScreen),
          },
          {
            path: paths.properties.create,
            handle: handle('properties.createTitle'),
            lazy: lazyScreen(() => import('../views/properties/form'), (m) => m.PropertyFormScreen),
          },
          {
            path: `${paths.properties.edit}/:id`,
            handle: handle('properties.editTitle'),
            lazy: lazyScreen(() => import('../views/properties/form'), (m) => m.PropertyFormScreen),
          },
          {
            path: `${paths.properties.view}/:id`,
            handle: handle('properties.viewTitle'),
            lazy: lazyScreen(() => import('../views/properties/view'), (m) => m.PropertyViewScreen),
          },
          { path: '/admin-panel/blogs', element: <Navigate to={paths.blogs.list} replace /> },
          {
            path: paths.blogs.list,
            handle: handle('blogs.title'),
            lazy: lazyScreen(() => import('../views/articles/list'), (m) => m.BlogsListScreen),
          },
          {
            path: paths.blogs.create,
            handle: handle('blogs.createTitle'),
            lazy: lazyScreen(() => import('../views/articles/form'), (m) => m.BlogFormScreen),
          },
          {
            path: `${paths.blogs.edit}/:id`,
            handle: handle('blogs.editTitle'),
            lazy: lazyScreen(() => import('../views/articles/form'), (m) => m.BlogFormScreen),
          },
          { path: '/admin-panel/contents', element: <Navigate to={paths.contents.list} replace /> },
          {
            path: paths.contents.list,
            handle: handle('contents.title'),
            lazy: lazyScreen(() => import('../views/articles/list'), (m) => m.ContentsListScreen),
          },
          {
            path: paths.contents.create,
            handle: handle('contents.createTitle'),
            lazy: lazyScreen(() => import('../views/articles/form'), (m) => m.ContentFormScreen),
          },
          {
            path: `${paths.contents.edit}/:id`,
            handle: handle('contents.editTitle'),
            lazy: lazyScreen(() => import('../views/articles/form'), (m) => m.ContentFormScreen),
          },
          { path: '/admin-panel/contact', element: <Navigate to={paths.contact.list} replace /> },
          {
            path: paths.contact.list,
            handle: handle('contact.title'),
            lazy: lazyScreen(() => import('../views/contact/list'), (m) => m.ContactListScreen),
          },
          {
            path: `${paths.contact.view}/:id`,
            handle: handle('contact.viewTitle'),
            lazy: lazyScreen(() => import('../views/contact/view'), (m) => m.ContactViewScreen),
          },
          {
            path: paths.termsConditions,
            handle: handle('terms.title'),
            lazy: lazyScreen(() => import('../views/terms/terms'), (m) => m.TermsScreen),
          },
          { path: '/admin-panel/support', element: <Navigate to={paths.support.shippingList} replace /> },
          {
            path: paths.support.shippingList,
            handle: handle('support.shippingTitle'),
            lazy: lazyScreen(() => import('../views/support/list'), (m) => m.ShippingIssuesListScreen),
          },
          {
            path: paths.support.companyRequestsList,
            handle: handle('support.companyTitle'),
            lazy: lazyScreen(() => import('../views/support/list'), (m) => m.CompanyRequestsListScreen),
          },
          {
            path: `${paths.support.view}/:id`,
            handle: handle('support.viewTitle'),
            lazy: lazyScreen(() => import('../views/support/view'), (m) => m.SupportViewScreen),
          },
          {
            path: paths.profile,
            handle: handle('actions.profile'),
            lazy: lazyScreen(() => import('../views/profile/profile'), (m) => m.ProfileScreen),
          },
        ],
      },
      { path: paths.notFound, lazy: lazyScreen(() => import('../views/errors/not-found'), (m) => m.NotFoundScreen) },
      { path: '*', element: <Navigate to={paths.notFound} replace /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
