import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createActor, type AnyEventObject } from 'xstate'
import { createTestModel } from 'xstate/graph'
import { configureClient } from '../../src/api/client'
import { companyRequestsResource, shippingIssuesResource } from '../../src/contract/support'
import type { SupportKind, SupportStatus } from '../../src/domain/support'
import { supportItemMachine, type SupportItemInput } from '../../src/machines/support-item'
import { auditLog } from '../../server/db/tables'
import { roles } from '../../server/modules/roles/schema'
import { shippingCompanyRequests, shippingIssues } from '../../server/modules/support/schema'
import { createCoverage } from '../walks/coverage'
import { modelOf, statePaths } from '../walks/walk'
import { backends, grantRole, useTestServer, type TestServer } from './helpers'

/**
 * supportItem walked through the real server (DOMAIN.md "Support": the shared table of
 * `domain/support` is enforced by both). Paths are generated from the chart; each is performed by
 * the chart's own actor, whose `resolve` / `activate` call the web app's API client, routed here to
 * the server (`app.inject`). The server decides each outcome: the call is let through as it is
 * (`apply`), after another admin did it first (`noop`), or after the record was deleted or the
 * admin's permission withdrawn (refusals). At every step the server's record (resolveAt /
 * activatedAt and by whom) and its audit rows (one per real change, none for a no-op) must agree
 * with the chart's state.
 */

type S = ReturnType<typeof supportItemMachine.getInitialSnapshot>
type Kind = { kind: SupportKind; action: 'resolve' | 'activate'; path: string; resource: string }
const kinds: Record<SupportKind, Kind> = {
  shippingIssue: { kind: 'shippingIssue', action: 'resolve', path: shippingIssuesResource.path, resource: shippingIssuesResource.name },
  companyRequest: {
    kind: 'companyRequest',
    action: 'activate',
    path: companyRequestsResource.path,
    resource: companyRequestsResource.name,
  },
}
const OTHER = 'Sara Admin'
const ACTING = 'Huda Admin'

/** A request of the web app's client, held until the step that decides its outcome lets it through. */
type Held = { method: string; url: string; go: () => Promise<void> }
/** The server's last answer to the client. */
type Answer = { status: number; body: { message: string; result?: { outcome?: string } } }

/** The web app's client (ofetch over `fetch`) talking to the server through `app.inject`. */
function routeClientTo(server: TestServer, held: Held[], answers: Answer[]) {
  const original = globalThis.fetch
  let token = ''
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(input, init)
    const url = new URL(request.url)
    const payload = request.body ? await request.text() : undefined
    return new Promise<Response>((resolve, reject) => {
      held.push({
        method: request.method,
        url: url.pathname + url.search,
        go: async () => {
          try {
            const res = await server.app.inject({
              method: request.method as 'PUT',
              url: url.pathname + url.search,
              headers: Object.fromEntries(request.headers.entries()),
              ...(payload ? { payload } : {}),
            })
            answers.push({ status: res.statusCode, body: JSON.parse(res.body) as Answer['body'] })
            resolve(new Response(res.body, { status: res.statusCode, headers: { 'content-type': 'application/json' } }))
          } catch (error) {
            reject(error as Error)
          }
        },
      })
    })
  }) as typeof fetch
  configureClient({ baseURL: 'http://admin.example.test/api', getToken: () => token, getLang: () => 'en' })
  return {
    signIn: (t: string) => void (token = t),
    restore: () => void (globalThis.fetch = original),
  }
}

const eventsOf = (k: Kind): AnyEventObject[] => [
  { type: `support.${k.action}` },
  { type: 'support.dismiss' },
  { type: `xstate.done.actor.${k.action}`, output: { outcome: 'apply' } },
  { type: `xstate.done.actor.${k.action}`, output: { outcome: 'noop' } },
  { type: `xstate.error.actor.${k.action}`, error: { status: 404 } },
  { type: `xstate.error.actor.${k.action}`, error: { status: 403 } },
]
// a failure is dismissed before the action is tried again, as on screen
const offered = (s: S, e: AnyEventObject) =>
  e.type === 'support.dismiss' ? s.context.failure !== null : e.type.startsWith('support.') ? s.context.failure === null : true
const vertex = (s: S) => (s.context.failure as { status?: number } | null)?.status ?? null

const inputs: { kind: SupportKind; status: SupportStatus }[] = [
  { kind: 'shippingIssue', status: 'notResolved' },
  { kind: 'shippingIssue', status: 'resolved' },
  { kind: 'companyRequest', status: 'notActivated' },
  { kind: 'companyRequest', status: 'activated' },
]

const nameOf = (steps: readonly { event: AnyEventObject }[], value: unknown) =>
  `${['start', ...steps.slice(1).map((s) => `${s.event.type.replace(/^xstate\.(done|error)\.actor\./, '$1:')}${s.event.output ? `(${(s.event.output as { outcome: string }).outcome})` : ''}${s.event.error ? `(${(s.event.error as { status: number }).status})` : ''}`)].join(' → ')} ⇒ ${JSON.stringify(value)}`

describe.each(backends)('supportItem walked through the server on $name', (backend) => {
  const server = useTestServer(backend)
  const coverage = createCoverage(supportItemMachine)
  const held: Held[] = []
  const answers: Answer[] = []
  let client: ReturnType<typeof routeClientTo>
  beforeAll(() => {
    client = routeClientTo(server, held, answers)
  })
  afterAll(() => client.restore())

  for (const start of inputs) {
    const k = kinds[start.kind]
    const events = eventsOf(k)
    const types = new Set(events.map((e) => e.type))
    const model = createTestModel(modelOf(supportItemMachine), {
      events,
      filterEvents: (s: S, e: AnyEventObject) => s.status === 'active' && types.has(e.type) && offered(s, e),
      serializeState: (s: S, e: AnyEventObject | undefined, previous?: S) =>
        JSON.stringify([s.value, vertex(s)]) +
        (e ? ` via ${JSON.stringify(e)} from ${JSON.stringify([previous?.value, previous ? vertex(previous) : null])}` : ''),
    } as never)
    const input: SupportItemInput = { ...start, path: k.path, id: 0 }

    describe(`${start.kind} ${start.status}`, () => {
      for (const path of model.getShortestPaths({ input })) {
        it(nameOf(path.steps, path.state.value), async () => {
          held.length = 0
          answers.length = 0
          // the acting admin may view and act through a role (so the permission can be withdrawn); another admin may act too
          const acting = await server.createAdmin({ userType: 'sub', name: ACTING, locale: 'en' })
          const roleId = await grantRole(server, acting.id, ['support:view', 'support:resolve', 'support:activate'])
          const other = await server.createAdmin({ userType: 'primary', name: OTHER, locale: 'en' })
          client.signIn(await server.loginAdmin(acting.email))
          const otherToken = await server.loginAdmin(other.email)
          const done = start.status === 'resolved' || start.status === 'activated'
          const earlier = server.clock.now()
          const now = server.clock.now()
          const [row] =
            k.kind === 'shippingIssue'
              ? await server.db
                  .insert(shippingIssues)
                  .values({
                    shipmentId: 'SHP-1',
                    orderId: 11,
                    orderNumber: 'ORD-11',
                    tenantId: 7,
                    tenantName: 'Oud House',
                    issue: 'Late',
                    resolveAt: done ? earlier : null,
                    resolvedBy: done ? other.id : null,
                    createdAt: now,
                    updatedAt: now,
                  })
                  .returning({ id: shippingIssues.id })
              : await server.db
                  .insert(shippingCompanyRequests)
                  .values({
                    tenantId: 7,
                    tenantName: 'Oud House',
                    companyName: 'SMSA',
                    contactPhone: '920009999',
                    activatedAt: done ? earlier : null,
                    activatedBy: done ? other.id : null,
                    createdAt: now,
                    updatedAt: now,
                  })
                  .returning({ id: shippingCompanyRequests.id })
          const id = row!.id
          server.clock.advance(60_000)

          /** The server's record of the item: when it was done and by whom (null: no such record). */
          const stored = async () => {
            if (k.kind === 'shippingIssue') {
              const [r] = await server.db.select().from(shippingIssues).where(eq(shippingIssues.id, id))
              return r ? { at: r.resolveAt, by: r.resolvedBy } : null
            }
            const [r] = await server.db.select().from(shippingCompanyRequests).where(eq(shippingCompanyRequests.id, id))
            return r ? { at: r.activatedAt, by: r.activatedBy } : null
          }
          const audits = () =>
            server.db
              .select()
              .from(auditLog)
              .where(and(eq(auditLog.resource, k.resource), eq(auditLog.recordId, id)))
          const heldAction = () => held.filter((h) => h.method === 'PUT')
          const actionUrl = `/api/${k.path}/${k.action}/${id}`

          // what the chart tells the app: this admin did it, or someone had (the app's toast, its reload)
          const told: string[] = []
          const machine = supportItemMachine.provide({
            actions: { onDone: () => void told.push('done'), onAlreadyDone: () => void told.push('alreadyDone') },
          })
          const actor = createActor(machine, { input: { ...input, id }, inspect: coverage.inspect }).start()
          const snapshot = () => actor.getSnapshot() as S
          /** What the other admin did first (its time), when it did. */
          let doneFirstAt: Date | null = done ? earlier : null
          let appliedAt: Date | null = null

          /** The server's record agrees with the chart, whatever the step. */
          const agree = async () => {
            const record = await stored()
            const s = snapshot()
            const open = s.matches({ shippingIssue: 'notResolved' }) || s.matches({ companyRequest: 'notActivated' })
            if (open) {
              // open (or gone: a refusal for a missing record); nobody's change is recorded
              expect(record?.at ?? null).toBeNull()
              expect(await audits()).toEqual([])
            }
            if (sending()) {
              // the call is on its way to the server, which has not changed the item yet
              expect(heldAction().map((h) => h.url)).toEqual([actionUrl])
              expect(record?.at ?? null).toEqual(doneFirstAt)
            }
            // done: the server holds when (and by whom) it was done
            if (!open && !sending()) expect(record?.at).toBeInstanceOf(Date)
            // one audit row per real change: the other admin's, then this admin's apply
            const rows = await audits()
            expect(rows.map((r) => r.adminId)).toEqual([...(doneFirstAt && !done ? [other.id] : []), ...(appliedAt ? [acting.id] : [])])
            expect(rows.every((r) => r.action === k.action)).toBe(true)
          }

          const release = async () => {
            const h = heldAction()[0]
            if (!h) throw new Error(`no ${k.action} call reached the server`)
            held.splice(held.indexOf(h), 1)
            await h.go()
          }
          const settle = () => vi.waitFor(() => expect(sending()).toBe(false), { timeout: 10_000 })
          const sending = () => snapshot().matches({ shippingIssue: 'resolving' }) || snapshot().matches({ companyRequest: 'activating' })

          const perform = async (event: AnyEventObject) => {
            if (event.type === `support.${k.action}`) {
              actor.send({ type: event.type } as never)
              await vi.waitFor(() => expect(heldAction()).toHaveLength(1), { timeout: 10_000 })
              return
            }
            if (event.type === 'support.dismiss') return actor.send({ type: 'support.dismiss' })
            const outcome = (event.output as { outcome?: string } | undefined)?.outcome
            const status = (event.error as { status?: number } | undefined)?.status
            if (outcome === 'noop') {
              // another admin does it first, a minute earlier
              doneFirstAt = server.clock.now()
              const first = await server.request({ method: 'PUT', url: actionUrl, token: otherToken, lang: 'en' })
              expect(first.json.result.outcome).toBe('apply')
              server.clock.advance(60_000)
            }
            if (outcome === 'apply') appliedAt = server.clock.now()
            if (status === 404) {
              if (k.kind === 'shippingIssue') await server.db.delete(shippingIssues).where(eq(shippingIssues.id, id))
              else await server.db.delete(shippingCompanyRequests).where(eq(shippingCompanyRequests.id, id))
            }
            if (status === 403)
              await server.db
                .update(roles)
                .set({ permissions: ['support:view'] })
                .where(eq(roles.id, roleId))
            await release()
            await settle()
          }

          /** What each event must have caused on the server (the spec's requirements). */
          const after = async (event: AnyEventObject) => {
            const answer = answers.at(-1)!
            const outcome = (event.output as { outcome?: string } | undefined)?.outcome
            const status = (event.error as { status?: number } | undefined)?.status
            const record = await stored()
            if (outcome === 'apply') {
              // recorded when and by whom, once
              expect(answer.body.result?.outcome).toBe('apply')
              expect(told).toEqual(['done'])
              expect(record).toEqual({ at: appliedAt, by: acting.id })
              expect(snapshot().context.message).toBe(answer.body.message)
            }
            if (outcome === 'noop') {
              // nothing changed: the first admin's time and name stay, and the message names them
              expect(answer.body.result?.outcome).toBe('noop')
              expect(told).toEqual(['alreadyDone'])
              expect(record).toEqual({ at: doneFirstAt, by: other.id })
              expect(snapshot().context.message).toBe(answer.body.message)
              expect(snapshot().context.message).toContain(OTHER)
            }
            if (status) {
              // the server's refusal, its message kept; the item stays open
              expect(answer.status).toBe(status)
              expect(snapshot().context.failure).toMatchObject({ status, message: answer.body.message })
              expect(answer.body.message).not.toBe('')
              expect(told).toEqual([])
              expect(record?.at ?? null).toBeNull()
            }
            if (event.type === 'support.dismiss') expect(snapshot().context.failure).toBeNull()
          }

          try {
            const [first, ...steps] = path.steps
            expect(snapshot().value).toEqual(first!.state.value)
            await agree()
            for (const step of steps) {
              await perform(step.event)
              expect(snapshot().value).toEqual(step.state.value)
              expect(statePaths(snapshot().value)).toEqual(statePaths(step.state.value))
              await agree()
              await after(step.event)
            }
          } finally {
            actor.stop()
          }
        })
      }
    })
  }

  it('reached every state and took every transition of the chart', () => {
    const r = coverage.print(`supportItem (walked through the server on ${backend.name})`)
    expect(r.missing).toEqual({ states: [], transitions: [] })
  })
})
