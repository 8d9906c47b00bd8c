import { redirect } from 'react-router'
import { z } from '~/lib/zod.ts'
import { safeRedirect } from '~/lib/utils.ts'
import { consentCookie } from '~/server/consent.server.ts'
import { env } from '~/server/env.server.ts'
import { isSameOriginPost } from '~/server/same-origin.server.ts'
import type { Route } from './+types/consent'

const schema = z.object({ choice: z.enum(['granted', 'denied']), redirectTo: z.string().optional() })

/** Records the analytics choice; works as a plain form post without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
	// Another site must not set (or reset) a visitor's choice.
	if (!isSameOriginPost(request)) throw new Response('This form can only be sent from our own pages.', { status: 403, statusText: 'Forbidden' })
	const parsed = schema.safeParse(Object.fromEntries(await request.formData()))
	if (!parsed.success) throw new Response('Choose to accept or decline analytics.', { status: 400 })
	return redirect(safeRedirect(parsed.data.redirectTo), {
		headers: { 'Set-Cookie': consentCookie(parsed.data.choice, env().NODE_ENV === 'production') },
	})
}

export function loader() {
	return redirect('/')
}
