import { createCookieSessionStorage, redirect, type SessionStorage } from 'react-router'
import { z } from '~/lib/zod.ts'
import { newId } from '~/lib/ids.ts'
import { env } from './env.server.ts'

const toastSchema = z.object({
	id: z.string().default(() => newId(8)),
	type: z.enum(['success', 'error', 'info', 'warning']).default('success'),
	title: z.string(),
	description: z.string().optional(),
})
export type FlashToast = z.infer<typeof toastSchema>

let storage: SessionStorage<Record<string, never>, { toast: FlashToast }> | undefined
function toastStorage() {
	storage ??= createCookieSessionStorage<Record<string, never>, { toast: FlashToast }>({
		cookie: {
			name: 'toast',
			path: '/',
			httpOnly: true,
			sameSite: 'lax',
			secure: env().NODE_ENV === 'production',
			secrets: [env().SESSION_SECRET],
		},
	})
	return storage
}

/** Set-Cookie header that carries a toast to the next page. */
export async function toastHeader(input: z.input<typeof toastSchema>): Promise<string> {
	const session = await toastStorage().getSession()
	session.flash('toast', toastSchema.parse(input))
	return toastStorage().commitSession(session)
}

/** Redirect after a successful mutation, with a toast on the next page. */
export async function redirectWithToast(url: string, toast: z.input<typeof toastSchema>, init?: ResponseInit) {
	const headers = new Headers(init?.headers)
	headers.append('Set-Cookie', await toastHeader(toast))
	return redirect(url, { ...init, headers })
}

/** Reads and clears the flashed toast; returns the header that clears it (null when there was none). */
export async function readToast(request: Request): Promise<{ toast: FlashToast | null; setCookie: string | null }> {
	const cookie = request.headers.get('Cookie')
	if (!cookie?.includes('toast=')) return { toast: null, setCookie: null }
	const session = await toastStorage().getSession(cookie)
	const parsed = toastSchema.safeParse(session.get('toast'))
	return { toast: parsed.success ? parsed.data : null, setCookie: await toastStorage().destroySession(session) }
}
