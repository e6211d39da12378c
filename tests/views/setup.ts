import { cleanup, configure } from '@testing-library/react'
import { afterEach } from 'vitest'

// findBy/waitFor wait on what the page shows; on a busy machine (CI's two cores running every suite)
// it can take longer than the library's 1 s to show, so the ceiling is raised, never the waits
configure({ asyncUtilTimeout: 10_000 })

afterEach(() => {
  cleanup()
  localStorage.clear()
})
