import { Form } from 'react-router'
import { Button } from '~/components/ui/button.tsx'
import { TextareaField } from '~/components/ui/field.tsx'
import {
	type ContactChannel,
	contactChannelLabels,
	maxStaffMessageLength,
	messageKindLabels,
	messageStatusLabels,
} from '~/features/messaging/domain/messages.ts'
import type { MessageEntry } from '~/features/messaging/server/messages.server.ts'
import { formatTimestamp } from '~/lib/dates.ts'
import { useIsPending } from '~/lib/forms.ts'

type Props = {
	channel: ContactChannel
	optedOut: boolean
	messages: MessageEntry[]
	/** Whether WhatsApp or SMS is configured at all: without either the section says so and offers no form. */
	configured: boolean
	submissionKey: string
	errors: Record<string, string | undefined>
	values: Record<string, string | undefined>
}

/** The booking's WhatsApp and SMS messages with their delivery status, and a one-off message to the traveller (docs/messaging.md). */
export function BookingMessages({ channel, optedOut, messages, configured, submissionKey, errors, values }: Props) {
	const pending = useIsPending({ intent: 'staff-message', state: 'submitting' })
	return (
		<section aria-labelledby="messages-heading" className="rounded-lg border border-slate-200 p-4" data-testid="booking-messages">
			<h2 id="messages-heading" className="text-lg font-semibold">
				Messages
			</h2>
			<p className="text-sm text-slate-700">
				The traveller chose: {contactChannelLabels[channel]}
				{optedOut ? ' — opted out of WhatsApp and SMS (STOP or the trip page).' : '.'}
			</p>
			{messages.length ? (
				<ul className="mt-2 divide-y divide-slate-100">
					{messages.map((message) => (
						<li key={message.id} className="py-2">
							<p>
								<span className="font-medium">{messageKindLabels[message.kind] ?? message.kind}</span> · {message.channel === 'whatsapp' ? 'WhatsApp' : 'SMS'}
								{message.fallbackOf ? ' (instead of WhatsApp)' : ''} ·{' '}
								<span data-testid="message-status">{messageStatusLabels[message.status] ?? message.status}</span> · {formatTimestamp(message.createdAt)}
							</p>
							<p className="text-sm text-slate-700">{message.body}</p>
							{message.lastError && message.status !== 'read' && message.status !== 'delivered' ? (
								<p className="text-sm text-error-700">{message.lastError}</p>
							) : null}
						</li>
					))}
				</ul>
			) : (
				<p className="mt-2 text-sm text-slate-700">No WhatsApp or SMS messages for this booking.</p>
			)}
			{configured && channel !== 'email' && !optedOut ? (
				<Form method="post" className="mt-3 space-y-2">
					<input type="hidden" name="intent" value="staff-message" />
					<input type="hidden" name="submissionKey" value={submissionKey} />
					<TextareaField
						label={`Message to the traveller by ${contactChannelLabels[channel]}`}
						name="text"
						rows={2}
						maxLength={maxStaffMessageLength}
						defaultValue={values.text}
						error={errors.text ?? errors.form}
						hint="One paragraph: it goes inside the registered update template."
					/>
					<Button type="submit" pending={pending}>
						Send message
					</Button>
				</Form>
			) : null}
		</section>
	)
}
