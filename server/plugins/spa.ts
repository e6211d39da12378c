import { statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { errorBody } from './errors'

/** A request for a file (an asset or anything with an extension) rather than an app route. */
const isFile = (url: string) => {
  const path = url.split('?')[0] ?? ''
  return path.startsWith('/assets/') || /\.[a-z0-9]{1,8}$/i.test(path)
}

const isApi = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?')

/** A built SPA directory is usable when it holds an index.html. */
function usableStaticDir(dir: string | undefined): string | undefined {
  if (!dir) return undefined
  const root = resolve(dir)
  try {
    return statSync(join(root, 'index.html')).isFile() ? root : undefined
  } catch {
    return undefined
  }
}

/**
 * Serves the built SPA (when there is one) and answers what no route matched: unknown `/api/*` paths
 * get a rate-limited JSON 404; other GET/HEAD requests get index.html (client-side routing), or a 404
 * when no SPA is built.
 */
export async function registerSpa(
  app: FastifyInstance,
  options: { staticDir: string | undefined; notFoundMax: number; windowMs: number },
): Promise<void> {
  const root = usableStaticDir(options.staticDir)
  if (root) {
    await app.register(fastifyStatic, {
      root,
      // Files are looked up per request, so a rebuild is served without a restart; a missing file
      // reaches the fallback below.
      wildcard: true,
      index: false,
      // the build writes .br and .gz copies of its text files: the smallest the browser accepts is
      // sent (with Vary: Accept-Encoding)
      preCompressed: true,
      dotfiles: 'ignore',
      setHeaders: (reply, path) => {
        // Hashed build assets never change; anything else is revalidated.
        if (path.includes(`${join(root, 'assets')}`)) reply.header('cache-control', 'public, max-age=31536000, immutable')
        else reply.header('cache-control', 'no-cache')
      },
    })
  }

  if (root) {
    // An immutable file is never revalidated: its validators would be bytes sent for nothing.
    app.addHook('onSend', async (_request, reply, payload) => {
      if (String(reply.getHeader('cache-control') ?? '').includes('immutable')) {
        reply.removeHeader('etag')
        reply.removeHeader('last-modified')
      }
      return payload
    })
    // The bare root is the app, not a directory listing.
    app.get('/', { config: { public: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', root),
    )
  }

  const limiter = app.rateLimit({ max: options.notFoundMax, timeWindow: options.windowMs })
  app.setNotFoundHandler(
    {
      preHandler: async (request: FastifyRequest, reply: FastifyReply) => {
        if (isApi(request.url) || !root) await limiter.call(app, request, reply)
      },
    },
    async (request, reply) => {
      const method = request.method
      // A missing build file (an old chunk after a deploy) is a 404, never index.html: the browser
      // must not run HTML as a script; the app then reports "Loading chunk failed".
      if (root && !isApi(request.url) && !isFile(request.url) && (method === 'GET' || method === 'HEAD')) {
        return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile('index.html', root)
      }
      return reply.code(404).send(errorBody(request, 'errors.notFound'))
    },
  )
}
