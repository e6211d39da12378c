import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'
import { dataTableMachine, queryFromUrl, urlOfQuery, type TableResource } from '../../machines/data-table'
import { useChart, useToaster } from './runtime'

/**
 * A dataTable chart for a resource, its query mirrored in the address: reload, Back and shared
 * links keep page, sort, filters and search. A delete is confirmed by a toast with the server's message.
 */
export function useResourceTable(resource: TableResource, defaults: Record<string, string> = {}) {
  const location = useLocation()
  const navigate = useNavigate()
  const written = useRef(location.search)
  const toaster = useToaster()
  const actor = useChart(
    dataTableMachine.provide({
      actions: {
        syncUrl: (_, { query }) => {
          const search = `?${urlOfQuery(query).toString()}`
          written.current = search
          navigate({ search }, { replace: false })
        },
        onDeleted: (_, { message }) => {
          if (message) toaster.success({ title: message })
        },
      },
    }),
    { resource, query: withDefaults(queryFromUrl(new URLSearchParams(location.search)), defaults) },
  )
  useEffect(() => {
    // Back/forward (or a link) changed the address: the chart adopts the query it holds.
    if (location.search === written.current) return
    written.current = location.search
    actor.send({ type: 'table.urlChanged', query: queryFromUrl(new URLSearchParams(location.search)) })
  }, [actor, location.search])
  return actor
}

/** The filters a screen needs whatever the address says (a report's period), where the address has none. */
function withDefaults(query: ReturnType<typeof queryFromUrl>, defaults: Record<string, string>) {
  return Object.keys(defaults).length === 0 ? query : { ...query, filters: { ...defaults, ...query.filters } }
}

export type ResourceTableActor = ReturnType<typeof useResourceTable>
