import { redirect } from 'react-router'
import { z } from '~/lib/zod.ts'
import { safeRedirect } from '~/lib/utils.ts'
import { consentCookie } from '~/server/consent.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm } from '~/server/forms.server.ts'
import { isSameOriginPost } from '~/server/same-origin.server.ts'
import type { Route } from './+types/consent'

const schema = z.object({ choice: z.enum(['granted', 'denied']), redirectTo: z.string().optional() })

/** Records the analytics choice; works as a plain form post without JavaScript. */
export async function action({ request }: Route.ActionArgs) {
	// Another site must not set (or reset) a visitor's choice.
	if (!isSameOriginPost(request)) throw new Response('This form can only be sent from our own pages.', { status: 403, statusText: 'Forbidden' })
	const submission = parseForm(await request.formData(), schema)
	// A banner, not a form with fields to correct: a bad post gets a plain 400 page.
	if (submission.status !== 'success') throw new Response('Choose to accept or decline analytics.', { status: 400 })
	return redirect(safeRedirect(submission.value.redirectTo), {
		headers: { 'Set-Cookie': consentCookie(submission.value.choice, env().NODE_ENV === 'production') },
	})
}

export function loader() {
	return redirect('/')
}
