import { createContext } from 'react-router'

/** Per-request facts our server hands to React Router (through middleware-era context). */
export type RequestInfo = { requestId: string; startedAt: number }
export const requestInfoContext = createContext<RequestInfo>({ requestId: 'unknown', startedAt: 0 })
