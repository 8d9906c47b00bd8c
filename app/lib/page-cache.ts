/**
 * A route whose page is the same for every anonymous visitor exports
 * `headers = publicPageHeaders`: the server then caches it (docs/decisions/001-page-cache.md).
 */
export const publicPageHeaders = () => ({ 'X-Page-Cache': 'public' })
