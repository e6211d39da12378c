import { afterEach, describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { ApiError } from '../../src/api/client'
import type { Admin, User } from '../../src/contract'
import {
  IDENTITY_STORAGE_KEY,
  isAdmin,
  isBusy,
  isGuest,
  isUser,
  sessionMachine,
  type SessionEvent,
  type SessionInput,
} from '../../src/machines/session'
import { createCoverage } from './coverage'
import { createController, createEffects, flush, modelOf, nameOf, everyTransition, type Effect } from './model'

const admin: Admin = {
  id: 1,
  name: 'Admin',
  email: 'admin@example.com',
  avatar: null,
  locale: 'en',
  user_type: 'primary',
  is_active: true,
  last_login_at: null,
  permissions: [],
}
const user: User = { id: 7, name: 'Vendor', email: 'vendor@example.com', phone: null, locale: 'ar', is_active: true }
const rejected = new ApiError(422, 'Invalid credentials', { email: ['Invalid credentials'] })
/** The server did not answer at all (no HTTP status). */
const offline = new ApiError(0, '')
const signIn: SessionEvent = { type: 'session.signIn', email: admin.email, password: 'secret-pass', locale: 'ar' }
const userSignIn: SessionEvent = { type: 'session.userSignIn', email: user.email, password: 'secret-pass' }
const register: SessionEvent = {
  type: 'session.register',
  body: { name: user.name, email: user.email, password: 'secret-pass', password_confirmation: 'secret-pass' },
}
const settled = (id: string, output: unknown) => [
  { type: `xstate.done.actor.${id}`, output },
  { type: `xstate.error.actor.${id}`, error: rejected },
]

/** Payloads of the events that carry one; invocations settle with success or failure. */
const events: AnyEventObject[] = [
  signIn,
  userSignIn,
  register,
  { type: 'session.adminUpdated', admin: { ...admin, name: 'Renamed' } },
  ...settled('checkAdmin', { admin }),
  ...settled('checkUser', { user }),
  ...settled('adminLogin', { token: 'admin-token', admin }),
  ...settled('userLogin', { api_token: 'user-token', user }),
  ...settled('userRegister', { api_token: 'new-token', user }),
  ...settled('logout', null),
  { type: 'xstate.error.actor.checkAdmin', error: offline },
  { type: 'xstate.error.actor.checkUser', error: offline },
]

/** Side effects a step must cause, exactly and in order. */
function expectedEffects(event: AnyEventObject, revalidating: boolean): Effect[] {
  if (revalidating && (event as { error?: unknown }).error === offline) return []
  switch (event.type) {
    case 'xstate.done.actor.adminLogin':
      return [['storeToken', { token: 'admin-token', identity: 'admin' }], ['onSignedIn', { identity: 'admin', locale: 'en' }]]
    case 'xstate.done.actor.userLogin':
      return [['storeToken', { token: 'user-token', identity: 'user' }], ['onSignedIn', { identity: 'user', locale: 'ar' }]]
    case 'xstate.done.actor.userRegister':
      return [['storeToken', { token: 'new-token', identity: 'user' }], ['onSignedIn', { identity: 'user', locale: 'ar' }]]
    case 'xstate.error.actor.checkAdmin':
    case 'xstate.error.actor.checkUser':
    case 'xstate.done.actor.logout':
    case 'xstate.error.actor.logout':
    case 'session.purge':
      return [['clearToken']]
    default:
      return []
  }
}

/** What the invoked call must receive when the event starts it. */
const expectedInput: Record<string, [string, unknown]> = {
  'session.signIn': ['adminLogin', { email: admin.email, password: 'secret-pass', locale: 'ar' }],
  'session.userSignIn': ['userLogin', { email: user.email, password: 'secret-pass' }],
  'session.register': ['userRegister', register.type === 'session.register' ? register.body : null],
}

const coverage = createCoverage(sessionMachine)
const model = createTestModel(modelOf(sessionMachine), { events, ...everyTransition })
const inputs: SessionInput[] = [
  { token: null, identity: null },
  { token: 'stored-token', identity: 'admin' },
  { token: 'stored-token', identity: 'user' },
  { token: 'legacy-token', identity: null },
]

function start(input: SessionInput) {
  const ctl = createController()
  const effects = createEffects()
  const machine = sessionMachine.provide({
    actors: {
      checkAdmin: ctl.logic('checkAdmin'),
      checkUser: ctl.logic('checkUser'),
      adminLogin: ctl.logic('adminLogin'),
      userLogin: ctl.logic('userLogin'),
      userRegister: ctl.logic('userRegister'),
      logout: ctl.logic('logout'),
    },
    actions: {
      storeToken: effects.record('storeToken'),
      clearToken: effects.record('clearToken'),
      onSignedIn: effects.record('onSignedIn'),
    },
  })
  const actor = createActor(machine, { input, inspect: coverage.inspect }).start()
  return { actor, ctl, effects }
}

describe('session chart, paths generated from the chart', () => {
  for (const input of inputs) {
    describe(`input ${JSON.stringify(input)}`, () => {
      for (const path of model.getShortestPaths({ input })) {
        it(nameOf(path), async () => {
          const { actor, ctl, effects } = start(input)
          await path.test({
            states: {
              '*': (state) => {
                expect(actor.getSnapshot().value).toEqual(state.value)
                expect(actor.getSnapshot().context).toEqual(state.context)
              },
            },
            events: Object.fromEntries(
              [...new Set(events.map((e) => e.type)), 'session.verify', 'session.logout', 'session.purge', 'session.dismissError'].map(
                (type) => [
                  type,
                  async ({ event }: { event: AnyEventObject }) => {
                    effects.take()
                    const revalidating = actor.getSnapshot().matches({ signedIn: 'revalidating' })
                    if (!(await ctl.settle(event))) actor.send(event as SessionEvent)
                    await flush()
                    expect(effects.take()).toEqual(expectedEffects(event, revalidating))
                    const call = expectedInput[event.type]
                    if (call) expect(ctl.inputs.get(call[0])).toEqual(call[1])
                    if (event.type === 'session.logout')
                      expect(ctl.inputs.get('logout')).toEqual({ identity: actor.getSnapshot().context.identity })
                  },
                ],
              ),
            ),
          })
          actor.stop()
        })
      }
    })
  }

  it('reaches every state and takes every transition', () => {
    const r = coverage.print('session')
    expect(r.missing).toEqual({ states: [], transitions: [] })
    expect(r.states.reached).toBe(r.states.total)
    expect(r.transitions.taken).toBe(r.transitions.total)
  })
})

describe('session chart, edge cases', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('logout clears the session even when the server call fails', async () => {
    const { actor, ctl, effects } = start({ token: 'stored-token', identity: 'admin' })
    await ctl.settle({ type: 'xstate.done.actor.checkAdmin', output: { admin } })
    expect(isAdmin(actor.getSnapshot())).toBe(true)
    actor.send({ type: 'session.logout' })
    expect(isBusy(actor.getSnapshot())).toBe(true)
    await ctl.settle({ type: 'xstate.error.actor.logout', error: new ApiError(0, '') })
    expect(isGuest(actor.getSnapshot())).toBe(true)
    expect(actor.getSnapshot().context).toEqual({ identity: null, token: null, admin: null, user: null, error: null, errors: {} })
    expect(effects.take()).toEqual([['clearToken']])
  })

  it('a failed check stores the errors and clears the token', async () => {
    const { actor, ctl, effects } = start({ token: 'stored-token', identity: 'user' })
    expect(actor.getSnapshot().matches({ verifying: 'user' })).toBe(true)
    await ctl.settle({ type: 'xstate.error.actor.checkUser', error: new ApiError(401, 'token not valid.', { token: ['token not valid.'] }) })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context).toMatchObject({ token: null, identity: null, error: 'token not valid.', errors: { token: ['token not valid.'] } })
    expect(effects.take()).toEqual([['clearToken']])
  })

  it('a 401 anywhere purges the session', async () => {
    const { actor, ctl, effects } = start({ token: null, identity: null })
    actor.send(userSignIn)
    await ctl.settle({ type: 'xstate.done.actor.userLogin', output: { api_token: 'user-token', user } })
    expect(isUser(actor.getSnapshot())).toBe(true)
    effects.take()
    actor.send({ type: 'session.purge' })
    expect(actor.getSnapshot().value).toBe('signedOut')
    expect(actor.getSnapshot().context.token).toBeNull()
    expect(effects.take()).toEqual([['clearToken']])
  })

  it('admin login failure keeps the server message; a new attempt clears it', async () => {
    const { actor, ctl } = start({ token: null, identity: null })
    actor.send(signIn)
    await ctl.settle({ type: 'xstate.error.actor.adminLogin', error: rejected })
    expect(actor.getSnapshot().context.error).toBe('Invalid credentials')
    actor.send(signIn)
    expect(actor.getSnapshot().context).toMatchObject({ error: null, errors: {} })
  })

  it('a failed background re-check purges the session', async () => {
    const { actor, ctl, effects } = start({ token: 'stored-token', identity: 'admin' })
    await ctl.settle({ type: 'xstate.done.actor.checkAdmin', output: { admin } })
    actor.send({ type: 'session.verify' })
    expect(isBusy(actor.getSnapshot())).toBe(false)
    expect(isAdmin(actor.getSnapshot())).toBe(true)
    effects.take()
    await ctl.settle({ type: 'xstate.error.actor.checkAdmin', error: new ApiError(401, 'token not valid.') })
    expect(isGuest(actor.getSnapshot())).toBe(true)
    expect(effects.take()).toEqual([['clearToken']])
  })

  it('the default storage actions write and remove id-token and id-identity', async () => {
    const store = new Map<string, string>()
    vi.stubGlobal('localStorage', {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
    })
    const machine = sessionMachine.provide({
      actors: {
        adminLogin: fromPromise(async () => ({ token: 'admin-token', admin })),
        logout: fromPromise(async () => null),
      },
    })
    const actor = createActor(machine, { input: { token: null, identity: null } }).start()
    actor.send(signIn)
    await flush()
    expect(Object.fromEntries(store)).toEqual({ 'id-token': 'admin-token', [IDENTITY_STORAGE_KEY]: 'admin' })
    actor.send({ type: 'session.logout' })
    await flush()
    expect(store.size).toBe(0)
  })
})
