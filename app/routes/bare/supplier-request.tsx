import { FormError } from '~/components/admin/panel.tsx'
import { Form } from 'react-router'
import { z } from 'zod'
import { BareHeader } from '~/components/bare-header.tsx'
import { RouteErrorBoundary } from '~/components/error-page.tsx'
import { Button } from '~/components/ui/button.tsx'
import { Field, TextareaField } from '~/components/ui/field.tsx'
import { componentKindLabels, type ComponentKind } from '~/features/bookings/domain/components.ts'
import { changeLine, confirmRequestSchema, declineRequestSchema, questionRequestSchema } from '~/features/suppliers/domain/supplier-requests.ts'
import {
	answerSupplierRequest,
	askSupplierQuestion,
	isSupplierToken,
	supplierLinkPath,
	supplierRequestPage,
} from '~/features/suppliers/server/supplier-requests.server.ts'
import { formatTimestamp, formatTravelDate, todayInIndia } from '~/lib/dates.ts'
import { notFound, notFoundOn } from '~/lib/errors.ts'
import { errorsOf, resultFor, useIsPending, valuesOf } from '~/lib/forms.ts'
import { db } from '~/server/db/index.server.ts'
import { parseForm, refuse, refuseOnAppError } from '~/server/forms.server.ts'
import { consumeRateLimit, peekRateLimit } from '~/server/rate-limit.server.ts'
import { clientAddressOf } from '~/server/request-context.ts'
import { redirectWithToast } from '~/server/toast.server.ts'
import type { Route } from './+types/supplier-request'

/**
 * A supplier's confirmation link (docs/decisions/190-supplier-confirmation-links.md): no sign-in, only
 * their own part of one booking, Confirm with their number or Decline with a reason. The link is the
 * secret: never stored by a cache, never indexed, never tracked (app/lib/secret-addresses.ts).
 */
export const headers: Route.HeadersFunction = () => ({
	'Cache-Control': 'private, no-store',
	'X-Robots-Tag': 'noindex, nofollow',
	'Referrer-Policy': 'no-referrer',
})

const noRequest = 'No request has this address. Check the link in our email or WhatsApp message, or call us.'
/** Addresses that name nothing, per client address: a few typos are fine, a search for links is stopped. */
export const supplierLinkMisses = { limit: 20, windowSeconds: 60 * 60 }
/** Answers per client address: a hotel desk answering all of a day's requests stays well within it. */
export const supplierLinkAnswers = { limit: 30, windowSeconds: 60 * 60 }

function tooMany(retryAfterSeconds: number): never {
	throw new Response('Too many tries from your connection. Please wait an hour, or call us.', {
		status: 429,
		headers: { 'Retry-After': String(retryAfterSeconds) },
	})
}

export async function loader({ params, context }: Route.LoaderArgs) {
	const missKey = `supplier-link-miss:ip:${clientAddressOf(context)}`
	const limited = await peekRateLimit(db(), missKey, supplierLinkMisses)
	if (!limited.ok) tooMany(limited.retryAfterSeconds)
	const page = isSupplierToken(params.token) ? await supplierRequestPage(db(), params.token, todayInIndia()) : null
	if (!page) {
		await consumeRateLimit(db(), missKey, supplierLinkMisses)
		notFound(noRequest)
	}
	return { page }
}

const intentSchema = z.object({
	intent: z.enum(['confirm', 'decline', 'question'], { message: 'Choose Confirm, Decline or Ask a question on the page and try again.' }),
})

export async function action({ request, params, context }: Route.ActionArgs) {
	if (!isSupplierToken(params.token)) notFound(noRequest)
	const form = await request.formData()
	const intent = form.get('intent')
	const submission =
		intent === 'confirm'
			? parseForm(form, confirmRequestSchema)
			: intent === 'decline'
				? parseForm(form, declineRequestSchema)
				: intent === 'question'
					? parseForm(form, questionRequestSchema)
					: parseForm(form, intentSchema)
	const limit = await consumeRateLimit(db(), `supplier-link-answer:ip:${clientAddressOf(context)}`, supplierLinkAnswers)
	const intentName = typeof intent === 'string' ? intent.slice(0, 40) : undefined
	if (!limit.ok)
		return refuse(submission, {
			intent: intentName,
			status: 429,
			formError: 'Too many answers from your connection in the last hour. Please try again later, or call us.',
			headers: { 'Retry-After': String(limit.retryAfterSeconds) },
		})
	if (submission.status !== 'success') return refuse(submission, { intent: intentName })
	const value = submission.value as z.output<typeof confirmRequestSchema> | z.output<typeof declineRequestSchema> | z.output<typeof questionRequestSchema>
	try {
		if (value.intent === 'question') {
			await askSupplierQuestion(db(), params.token, value.question, todayInIndia())
			return await redirectWithToast(supplierLinkPath(params.token), {
				type: 'info',
				title: 'Thank you: your question is with our team',
				description: 'We will call or write back. You can confirm on this link afterwards.',
			})
		}
		const answer =
			value.intent === 'confirm'
				? ({ kind: 'confirm', confirmationNumber: value.confirmationNumber } as const)
				: ({ kind: 'decline', reason: value.reason } as const)
		await answerSupplierRequest(db(), params.token, answer, todayInIndia())
		return await redirectWithToast(
			supplierLinkPath(params.token),
			answer.kind === 'confirm'
				? { title: 'Thank you: confirmed', description: `We have your number ${answer.confirmationNumber}.` }
				: { type: 'info', title: 'Thank you for letting us know', description: 'Our team will arrange something else.' },
		)
	} catch (error) {
		notFoundOn(error, noRequest)
		return refuseOnAppError(submission, error, { intent: value.intent })
	}
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
	{ title: loaderData ? `Please confirm ${loaderData.page.reference}` : 'Confirmation request' },
	{ name: 'robots', content: 'noindex, nofollow' },
]

export default function SupplierRequest({ loaderData, actionData }: Route.ComponentProps) {
	const { page } = loaderData
	const formError = errorsOf(resultFor(actionData)).form
	const confirmErrors = errorsOf(resultFor(actionData, 'confirm'))
	const declineErrors = errorsOf(resultFor(actionData, 'decline'))
	const declineValues = valuesOf(resultFor(actionData, 'decline'))
	const confirming = useIsPending({ intent: 'confirm', state: 'submitting' })
	const declining = useIsPending({ intent: 'decline', state: 'submitting' })
	const asking = useIsPending({ intent: 'question', state: 'submitting' })
	const questionErrors = errorsOf(resultFor(actionData, 'question'))
	const questionValues = valuesOf(resultFor(actionData, 'question'))
	return (
		<>
			<BareHeader whatsappMessage={`About booking ${page.reference}: `} />
			<main id="main" className="mx-auto max-w-3xl space-y-6 px-4 py-6 text-slate-900 sm:px-6">
				<div>
					<p className="text-sm text-slate-700">For {page.supplierName}</p>
					<h1 className="text-2xl font-semibold">
						{page.kind === 'amendment' ? `Amendment: please re-confirm booking ${page.reference}` : `Please confirm booking ${page.reference}`}
					</h1>
					<p className="mt-1">
						Guests: {page.leadName} ({page.guests})
					</p>
				</div>
				<FormError error={formError} />
				{page.status === 'confirmed' ? (
					<p role="status" className="rounded-md bg-success-50 p-3 font-medium text-success-700" data-testid="answer">
						Confirmed with number {page.confirmationNumber}
						{page.answeredAt ? ` on ${formatTimestamp(page.answeredAt)}` : ''}. Thank you.
					</p>
				) : page.status === 'declined' ? (
					<p role="status" className="rounded-md bg-slate-100 p-3 font-medium" data-testid="answer">
						Declined{page.answeredAt ? ` on ${formatTimestamp(page.answeredAt)}` : ''}: {page.answerNote}
					</p>
				) : !page.state.open ? (
					<p role="status" className="rounded-md bg-warning-50 p-3 font-medium text-warning-800" data-testid="answer">
						{page.state.message}
					</p>
				) : null}

				{page.kind === 'amendment' && page.changes.length ? (
					<section aria-labelledby="changes-heading" className="rounded-lg border border-warning-300 bg-warning-50 p-4" data-testid="amendment">
						<h2 id="changes-heading" className="text-lg font-semibold">
							What changed since you confirmed
						</h2>
						<ul className="mt-2 list-inside list-disc space-y-1">
							{page.changes.map((change, index) => (
								<li key={index}>{changeLine(change)}</li>
							))}
						</ul>
					</section>
				) : null}
				<section aria-labelledby="what-heading" className="rounded-lg border border-slate-200 p-4">
					<h2 id="what-heading" className="text-lg font-semibold">
						What we ask you to hold
					</h2>
					<ul className="mt-2 space-y-3">
						{page.lines.map((line, index) => (
							<li key={index} className="border-b border-slate-100 pb-2 last:border-0">
								<p className="font-medium">
									{componentKindLabels[line.kind as ComponentKind] ?? line.kind}: {line.description}
								</p>
								<p className="text-slate-700">
									{line.startDate ? formatTravelDate(line.startDate) : 'Date to be confirmed'}
									{line.endDate && line.endDate !== line.startDate ? ` to ${formatTravelDate(line.endDate)}` : ''}
									{line.time ? ` at ${line.time}` : ''}
								</p>
								{line.notes ? <p className="text-sm text-slate-700">{line.notes}</p> : null}
							</li>
						))}
					</ul>
					{page.travellers.length ? (
						<>
							<h3 className="mt-3 font-semibold">Guest names</h3>
							<ul className="list-inside list-disc">
								{page.travellers.map((name, index) => (
									<li key={index}>{name}</li>
								))}
							</ul>
						</>
					) : null}
					{page.specialRequests ? <p className="mt-3">Special requests: {page.specialRequests}</p> : null}
				</section>

				{page.state.open ? (
					<div className="grid gap-4 sm:grid-cols-2">
						<Form method="post" className="space-y-3 rounded-lg border border-success-200 p-4" aria-labelledby="confirm-heading">
							<h2 id="confirm-heading" className="text-lg font-semibold">
								Confirm
							</h2>
							<input type="hidden" name="intent" value="confirm" />
							<Field
								label="Your confirmation number"
								name="confirmationNumber"
								maxLength={80}
								autoComplete="off"
								required
								error={confirmErrors.confirmationNumber}
							/>
							<Button type="submit" pending={confirming} className="w-full">
								Confirm
							</Button>
						</Form>
						<Form method="post" className="space-y-3 rounded-lg border border-slate-300 p-4" aria-labelledby="decline-heading">
							<h2 id="decline-heading" className="text-lg font-semibold">
								Decline
							</h2>
							<input type="hidden" name="intent" value="decline" />
							<TextareaField
								label="Why, or what you can offer instead"
								name="reason"
								rows={3}
								maxLength={1000}
								required
								defaultValue={declineValues.reason}
								error={declineErrors.reason}
							/>
							<Button type="submit" variant="secondary" pending={declining} className="w-full">
								Decline
							</Button>
						</Form>
					</div>
				) : null}
				{page.question && page.questionAt ? (
					<p role="status" className="rounded-md bg-slate-100 p-3" data-testid="question">
						Your question of {formatTimestamp(page.questionAt)}: {page.question} Our team will call or write back.
					</p>
				) : null}
				{page.state.open ? (
					<Form method="post" className="space-y-3 rounded-lg border border-slate-300 p-4" aria-labelledby="question-heading">
						<h2 id="question-heading" className="text-lg font-semibold">
							Ask a question first
						</h2>
						<input type="hidden" name="intent" value="question" />
						<TextareaField
							label="Your question"
							name="question"
							rows={2}
							maxLength={1000}
							required
							defaultValue={questionValues.question}
							error={questionErrors.question}
							hint="For example a room type you do not have, or a pickup time. The request stays open for you to confirm after."
						/>
						<Button type="submit" variant="outline" pending={asking}>
							Send the question
						</Button>
					</Form>
				) : null}
				<p className="text-sm text-slate-700">
					Or call or WhatsApp us with the booking number {page.reference}.{page.state.open ? ` This link works until ${formatTravelDate(page.expiresOn)}.` : ''}
				</p>
			</main>
		</>
	)
}

export const ErrorBoundary = RouteErrorBoundary
