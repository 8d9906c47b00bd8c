import { Form, Link, useNavigation } from 'react-router'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Pager } from '~/components/pager.tsx'
import { Button } from '~/components/ui/button.tsx'
import { emailKindLabels, type OutboxStatus, outboxStatuses, outboxStatusLabels, secretEmailKinds } from '~/features/email/domain/emails.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { errorsOf, resultFor, useIsPending } from '~/lib/forms.ts'
import { z } from '~/lib/zod.ts'
import { requireStaff } from '~/features/identity/server/auth.server.ts'
import { db } from '~/server/db/index.server.ts'
import { listOutbox, retryEmail } from '~/features/email/server/outbox.server.ts'
import { env } from '~/server/env.server.ts'
import { parseForm, refuse } from '~/server/forms.server.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/outbox'

export async function loader({ request }: Route.LoaderArgs) {
	const { user } = await requireStaff(request)
	const params = new URL(request.url).searchParams
	const status = outboxStatuses.includes(params.get('status') as OutboxStatus) ? (params.get('status') as OutboxStatus) : null
	const page = Math.max(1, Math.min(10_000, Number.parseInt(params.get('page') ?? '1', 10) || 1))
	const list = await listOutbox(db(), { status: status ?? undefined, page })
	// Reset and sign-in links let whoever reads them into that account: only owners read them here (105-email-action-codes.md).
	const entries = list.entries.map((entry) =>
		user.role !== 'owner' && secretEmailKinds.has(entry.kind)
			? { ...entry, body: 'This email holds a sign-in or password link for its addressee: only an owner can read it here.' }
			: entry,
	)
	return { ...list, entries, status, smtpConfigured: Boolean(env().SMTP_URL) }
}

const retrySchema = z.object({
	intent: z.literal('retry', { message: 'Choose what to do.' }),
	id: z.coerce.number({ message: 'Choose the email to retry.' }).int().positive('Choose the email to retry.'),
})

export async function action({ request }: Route.ActionArgs) {
	await requireStaff(request)
	const submission = parseForm(await request.formData(), retrySchema)
	if (submission.status !== 'success') return refuse(submission)
	await retryEmail(db(), submission.value.id)
	return redirectWithToast('/admin/outbox', { title: 'Queued again', description: 'The sender tries it on its next round.' })
}

export const meta: Route.MetaFunction = () => [{ title: 'Email outbox | Andaman Isles Travel admin' }, { name: 'robots', content: 'noindex' }]

export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
	const { entries, total, page, pages, status, smtpConfigured } = loaderData
	const errors = errorsOf(resultFor(actionData))
	const retrying = useIsPending({ intent: 'retry' })
	const retryingId = useNavigation().formData?.get('id')
	const chip = (active: boolean) =>
		`rounded-full border px-3 py-1 text-sm no-underline ${active ? 'border-primary-700 bg-primary-700 text-white' : 'border-slate-300 text-slate-800'}`
	return (
		<main id="main" className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
			<div>
				<h1 className="text-2xl font-semibold">Email outbox</h1>
				<p className="mt-1 text-slate-700">
					{smtpConfigured
						? 'Emails are delivered through the configured SMTP server every 30 seconds; failures are retried five times.'
						: 'No SMTP server is configured (SMTP_URL): emails wait here, queued, and nothing leaves this server.'}
				</p>
			</div>
			{Object.keys(errors).length ? (
				<p role="alert" className="rounded-md bg-error-50 p-3 font-medium text-error-700">
					{Object.values(errors).join(' ')}
				</p>
			) : null}
			<nav aria-label="Email status" className="flex flex-wrap gap-2">
				<Link to="/admin/outbox" aria-current={status === null ? 'page' : undefined} className={chip(status === null)}>
					All
				</Link>
				{outboxStatuses.map((value) => (
					<Link key={value} to={`/admin/outbox?status=${value}`} aria-current={value === status ? 'page' : undefined} className={chip(value === status)}>
						{outboxStatusLabels[value]}
					</Link>
				))}
			</nav>
			<p className="text-sm text-slate-700">{total === 0 ? 'No emails.' : `${total} ${total === 1 ? 'email' : 'emails'}.`}</p>
			<ul className="space-y-2">
				{entries.map((entry) => (
					<li key={entry.id} className="rounded border border-slate-200 p-3" data-testid="outbox-entry">
						<p className="flex flex-wrap items-center gap-2">
							<span className="font-semibold">{emailKindLabels[entry.kind] ?? entry.kind}</span>
							<span>to {entry.to}</span>
							<span
								className={`rounded-full px-2 text-sm ${entry.status === 'sent' ? 'bg-success-50 text-success-700' : entry.status === 'failed' ? 'bg-error-50 text-error-700' : 'bg-slate-100'}`}
							>
								{outboxStatusLabels[entry.status]}
							</span>
							<span className="text-sm text-slate-700">
								queued {formatTimestamp(entry.createdAt)}
								{entry.sentAt ? `, sent ${formatTimestamp(entry.sentAt)}` : ''}
								{entry.attempts ? ` · ${entry.attempts} ${entry.attempts === 1 ? 'attempt' : 'attempts'}` : ''}
							</span>
							{entry.bookingId ? (
								<Link to={`/admin/pending/${entry.bookingId}`} className="ml-auto text-sm">
									Booking
								</Link>
							) : null}
						</p>
						<details className="mt-1">
							<summary className="cursor-pointer text-sm">{entry.subject}</summary>
							<pre className="mt-2 text-sm whitespace-pre-wrap">{entry.body}</pre>
						</details>
						{entry.lastError ? <p className="text-sm text-error-700">Last error: {entry.lastError}</p> : null}
						{entry.status === 'failed' ? (
							<Form method="post" className="mt-2">
								<input type="hidden" name="intent" value="retry" />
								<input type="hidden" name="id" value={entry.id} />
								<Button type="submit" size="sm" variant="outline" pending={retrying && retryingId === String(entry.id)}>
									Try again
								</Button>
							</Form>
						) : null}
					</li>
				))}
			</ul>
			<Pager page={page} pages={pages} href={(to) => `/admin/outbox?${new URLSearchParams({ ...(status ? { status } : {}), page: String(to) })}`} />
		</main>
	)
}

export const ErrorBoundary = RouteErrorBoundary
