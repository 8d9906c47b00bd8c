import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { renderToStaticMarkup } from 'react-dom/server'
import { expect, test } from 'vitest'
import { agentFormSchema } from '~/features/agents/domain/agent.ts'
import { useValidatedForm } from '~/lib/forms.ts'
import { AgentFields } from './agent-fields.tsx'
import { Field } from '~/components/ui/field.tsx'

function AgentForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const [form] = useValidatedForm(agentFormSchema, { id: 'probe', lastResult, defaultValue: { commissionPercent: '10' } })
	return (
		<form id={form.id}>
			<AgentFields fields={form.getFieldset()} />
		</form>
	)
}

/**
 * The agency fields through the one `Field` component with Conform's own helpers (`getInputProps` and the
 * rest), rendered as the server sends them: what a browser without JavaScript gets.
 */

/** The tag of the control named `name`, and the element with `id`'s text. */
const controlOf = (html: string, name: string) => html.match(new RegExp(`<(?:input|select|textarea)[^>]* name="${name}"[^>]*>`))?.[0] ?? ''
const attr = (tag: string, name: string) => tag.match(new RegExp(` ${name}="([^"]*)"`))?.[1]
const textOf = (html: string, id: string) => html.match(new RegExp(`id="${id}"[^>]*>([^<]*)<`))?.[1]

test('a Conform field renders as HTML (no JavaScript needed) with its label, the value to show and no error before a submit', () => {
	const html = renderToStaticMarkup(<AgentForm />)
	const company = controlOf(html, 'company')
	expect(html).toContain(`<label for="${attr(company, 'id')}"`)
	expect(attr(company, 'aria-invalid')).toBeUndefined()
	expect(attr(controlOf(html, 'commissionPercent'), 'value')).toBe('10')
	// A hint is the field's description, read with it.
	const phone = controlOf(html, 'phone')
	expect(textOf(html, attr(phone, 'aria-describedby')!)).toBe('10-digit Indian mobile, or + and country code')
})

test('after the server refuses a post, each field shows what was typed and its own error, wired to the input for screen readers', () => {
	const form = new FormData()
	for (const [name, value] of Object.entries({ company: '', contactPerson: 'Asha Rao', phone: 'not a phone', commissionPercent: '12' })) form.set(name, value)
	const html = renderToStaticMarkup(<AgentForm lastResult={parseWithZod(form, { schema: agentFormSchema, disableAutoCoercion: true }).reply()} />)
	const company = controlOf(html, 'company')
	expect(attr(company, 'aria-invalid')).toBe('true')
	expect(textOf(html, attr(company, 'aria-describedby')!)).toBe('Enter the agency’s name.')
	const phone = controlOf(html, 'phone')
	expect(attr(phone, 'value')).toBe('not a phone')
	expect(attr(phone, 'aria-invalid')).toBe('true')
	const [hintId, errorId] = attr(phone, 'aria-describedby')!.split(' ')
	expect(textOf(html, hintId!)).toBe('10-digit Indian mobile, or + and country code')
	expect(textOf(html, errorId!)).toMatch(/\S/)
	expect(attr(controlOf(html, 'contactPerson'), 'value')).toBe('Asha Rao')
	expect(attr(controlOf(html, 'commissionPercent'), 'value')).toBe('12')
	expect(attr(controlOf(html, 'contactPerson'), 'aria-invalid')).toBeUndefined()
})

test('without a Conform field, the props say it: name, value and error', () => {
	const html = renderToStaticMarkup(<Field label="Email" name="email" defaultValue="a@b" error="Enter a full email address." />)
	const input = controlOf(html, 'email')
	expect(attr(input, 'value')).toBe('a@b')
	expect(attr(input, 'aria-invalid')).toBe('true')
	expect(textOf(html, attr(input, 'aria-describedby')!)).toBe('Enter a full email address.')
})
