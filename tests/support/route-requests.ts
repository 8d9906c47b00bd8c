/** Test-only: call route modules' loaders and actions the way React Router does, and read what they answered. */
import { RouterContextProvider } from 'react-router'
import { errorsOf, resultFor, valuesOf } from '~/lib/forms.ts'
import { requestInfoContext } from '~/server/request-context.ts'
import { readToast } from '~/server/toast.server.ts'

/**
 * What a loader or action answered. For a refused form (the one `ActionResult` shape), `errors` holds the
 * first message per field (`form` for the whole form), `values` the values sent back, `intent` its form.
 */
export type Settled = {
	status: number
	location: string | null
	cookies: string[]
	body: any
	headers: Headers
	errors: Record<string, string>
	values: Record<string, string>
	intent?: string
}

export async function settle(fn: () => unknown): Promise<Settled> {
	let value: unknown
	try {
		value = await fn()
	} catch (thrown) {
		value = thrown
	}
	return withFormResult(await answerOf(value))
}

async function answerOf(value: unknown): Promise<Omit<Settled, 'errors' | 'values' | 'intent'>> {
	if (value instanceof Response) {
		const isJson = value.headers.get('Content-Type')?.includes('json')
		return {
			status: value.status,
			location: value.headers.get('Location'),
			cookies: value.headers.getSetCookie(),
			body: isJson ? await value.json() : null,
			headers: value.headers,
		}
	}
	const withInit = value as { type?: string; data?: unknown; init?: ResponseInit }
	if (withInit?.type === 'DataWithResponseInit') {
		const headers = new Headers(withInit.init?.headers)
		return { status: withInit.init?.status ?? 200, location: null, cookies: headers.getSetCookie(), body: withInit.data, headers }
	}
	return { status: 200, location: null, cookies: [], body: value, headers: new Headers() }
}

function withFormResult(answer: Omit<Settled, 'errors' | 'values' | 'intent'>): Settled {
	const result = resultFor(answer.body)
	return { ...answer, errors: errorsOf(result), values: valuesOf(result), intent: result ? (answer.body as { intent?: string }).intent : undefined }
}

/** The title of the toast an answer flashed (its `toast` cookie), as the next page would show it. */
export async function toastTitle(answer: Settled): Promise<string | undefined> {
	const cookie = answer.cookies.find((value) => value.startsWith('toast='))
	if (!cookie) return undefined
	const { toast } = await readToast(new Request('http://localhost/', { headers: { Cookie: cookie.split(';')[0]! } }))
	return toast?.title
}

export function contextFrom(ip: string) {
	const context = new RouterContextProvider()
	context.set(requestInfoContext, { requestId: 'test', startedAt: Date.now(), clientAddress: ip })
	return context
}

export function post(url: string, form: Record<string, string | string[]>, cookie?: string) {
	const body = new URLSearchParams()
	for (const [name, value] of Object.entries(form)) for (const item of Array.isArray(value) ? value : [value]) body.append(name, item)
	return new Request(`http://localhost${url}`, {
		method: 'POST',
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(cookie ? { Cookie: cookie } : {}) },
		body: body.toString(),
	})
}

export function get(url: string, cookie?: string) {
	return new Request(`http://localhost${url}`, { headers: cookie ? { Cookie: cookie } : {} })
}

/**
 * What React Router passes a loader or action, typed for the route's own params: `route.loader(routeArgs(get('/x')))`
 * or `route.action(routeArgs(post(`/admin/leads/${id}`, form, cookie), { id }))`, without casting.
 */
export function routeArgs<Params extends Record<string, string> = Record<never, string>>(request: Request, params: Params = {} as Params, ip = '127.0.0.1') {
	return { request, url: new URL(request.url), params, pattern: '', context: contextFrom(ip) }
}

/** Any route module's action, whatever its params: for tests that loop over several screens. */
export type AnyAction = { action: (args: never) => unknown }

/**
 * Calls a route module's action with `routeArgs` and settles it. Each module's args type names its own
 * params, so a list of modules has no common type; the one cast for that lives here.
 */
export function settleAction(module: AnyAction, request: Request, params: Record<string, string> = {}, ip?: string) {
	const action = module.action as (args: ReturnType<typeof routeArgs>) => unknown
	return settle(() => action(routeArgs(request, params, ip)))
}
