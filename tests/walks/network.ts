import { waitFor } from '@testing-library/react'

/**
 * The network boundary of the web app in a walk: `fetch` (ofetch) and `XMLHttpRequest` (uploads)
 * are answered here. Calls the walk is about wait until a step answers them; background calls
 * (the session check, constants) are answered at once by `auto` handlers.
 */

export type Request = {
  method: string
  /** Path under the API base, without the leading `/api/` (`admin-panal/categories/7`). */
  path: string
  query: URLSearchParams
  body: unknown
  headers: Record<string, string>
}

type Answer = { status: number; body?: unknown } | { unreachable: true } | { status: number; stream: ReadableStream<Uint8Array> }

type Pending = Request & { settle: (answer: Answer) => void; settled: boolean; aborted: boolean; progress?: (percent: number) => void }

/** A request by method and path; `query` tells apart two calls to one path (a list and its reorder panel). */
export type Match = { method?: string; path: RegExp | string; query?: (query: URLSearchParams) => boolean }

const matches = (r: Request, m: Match) =>
  (!m.method || m.method === r.method) &&
  (typeof m.path === 'string' ? r.path === m.path : m.path.test(r.path)) &&
  (!m.query || m.query(r.query))

/** A success envelope. */
export const ok = (result: unknown, message = '') => ({ status: 200, body: { status: true, message, result } })
/** An error envelope with the server's message and field errors. */
export const failed = (status: number, message = '', errors: Record<string, string[]> = {}) => ({
  status,
  body: { status: false, message, errors },
})

/**
 * A server-sent events answer held open: `send` writes one event, `end` closes it (the server went
 * away); answer a request with `answer` to start it.
 */
export function eventStream() {
  let controller: ReadableStreamDefaultController<Uint8Array> | undefined
  const encoder = new TextEncoder()
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => {
      controller = c
    },
  })
  return {
    answer: { status: 200, stream },
    send: (type: string, data: unknown) => controller?.enqueue(encoder.encode(`event: ${type}\ndata: ${JSON.stringify(data)}\n\n`)),
    end: () => {
      try {
        controller?.close()
      } catch {
        // already closed (the reader cancelled it)
      }
    },
  }
}

export function createNetwork() {
  const pending: Pending[] = []
  const auto: { match: Match; answer: (r: Request) => Answer }[] = []
  const seen: Request[] = []

  const receive = (request: Request, settle: (answer: Answer) => void, progress?: (percent: number) => void): Pending => {
    const p: Pending = { ...request, settle, settled: false, aborted: false, ...(progress ? { progress } : {}) }
    seen.push(request)
    const handler = auto.find((a) => matches(request, a.match))
    if (handler) {
      p.settled = true
      queueMicrotask(() => settle(handler.answer(request)))
    } else pending.push(p)
    return p
  }

  const parse = (url: string) => {
    const u = new URL(url, 'http://app.test')
    return { path: u.pathname.replace(/^\/api\//, ''), query: u.searchParams }
  }

  async function fetch(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = Object.fromEntries(new Headers(init.headers ?? {}).entries())
    const raw = init.body
    const body = typeof raw === 'string' ? (JSON.parse(raw) as unknown) : (raw ?? null)
    return new Promise<Response>((resolve, reject) => {
      const request = { method: (init.method ?? 'GET').toUpperCase(), ...parse(url), body, headers }
      const p = receive(request, (answer) => {
        if (p.aborted) return
        if ('unreachable' in answer) return reject(new TypeError('fetch failed'))
        if ('stream' in answer)
          return resolve(new Response(answer.stream, { status: answer.status, headers: { 'content-type': 'text/event-stream' } }))
        resolve(
          new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
            status: answer.status,
            headers: { 'content-type': 'application/json' },
          }),
        )
      })
      init.signal?.addEventListener('abort', () => {
        p.aborted = true
        reject(new DOMException('The operation was aborted.', 'AbortError'))
      })
    })
  }

  /** The part of XMLHttpRequest the upload call uses. */
  class FakeXhr {
    status = 0
    responseText = ''
    upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null }
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    private method = 'GET'
    private url = ''
    private headers: Record<string, string> = {}
    private request: Pending | null = null
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    abort() {
      if (this.request) this.request.aborted = true
    }
    send(body: unknown) {
      this.request = receive(
        { method: this.method, ...parse(this.url), body, headers: this.headers },
        (answer) => {
          if (this.request?.aborted) return
          if ('unreachable' in answer) return this.onerror?.()
          this.status = answer.status
          this.responseText = 'body' in answer && answer.body !== undefined ? JSON.stringify(answer.body) : ''
          this.onload?.()
        },
        (percent) => this.upload.onprogress?.({ lengthComputable: true, loaded: percent, total: 100 }),
      )
    }
  }

  const originals = { fetch: globalThis.fetch, XMLHttpRequest: globalThis.XMLHttpRequest }

  return {
    /** Every request made so far (auto-answered ones too), oldest first. */
    seen,
    install() {
      globalThis.fetch = fetch as typeof globalThis.fetch
      globalThis.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest
    },
    uninstall() {
      globalThis.fetch = originals.fetch
      globalThis.XMLHttpRequest = originals.XMLHttpRequest
    },
    /** Answers matching requests at once, for as long as the network lives. */
    auto(match: Match, answer: (r: Request) => Answer) {
      auto.push({ match, answer })
    },
    /** Forgets the requests still waiting (a new path starts). */
    reset() {
      for (const p of pending) p.aborted = true
      pending.length = 0
      seen.length = 0
    },
    /** The oldest unanswered request matching, once the app has made it. */
    async next(match: Match, timeout = 5000): Promise<Pending> {
      let found: Pending | undefined
      await waitFor(
        () => {
          found = pending.find((p) => !p.settled && !p.aborted && matches(p, match))
          if (!found)
            throw new Error(
              `no pending ${match.method ?? '*'} ${String(match.path)}; waiting: ${
                pending
                  .filter((p) => !p.settled && !p.aborted)
                  .map((p) => `${p.method} ${p.path}`)
                  .join(', ') || 'none'
              }`,
            )
        },
        { timeout },
      )
      return found as Pending
    },
    /** Answers the oldest matching request. */
    async answer(match: Match, answer: Answer, timeout?: number): Promise<Request> {
      const p = await this.next(match, timeout)
      p.settled = true
      p.settle(answer)
      return p
    },
    /** Reports upload progress on the oldest matching request (it stays unanswered). */
    async progress(match: Match, percent: number) {
      const p = await this.next(match)
      p.progress?.(percent)
    },
    /** Requests still waiting for an answer. */
    waiting: () => pending.filter((p) => !p.settled && !p.aborted),
  }
}

export type Network = ReturnType<typeof createNetwork>
