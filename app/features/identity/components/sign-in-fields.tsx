import { type ComponentProps, useEffect, useRef } from 'react'
import { Field } from '~/components/ui/field.tsx'

/** The "Email" field of the sign-in screens: `username` where it names an account, `email` where it makes one. */
export function EmailField({
	autoComplete,
	defaultValue,
	error,
}: {
	autoComplete: 'username' | 'email'
	defaultValue: string | undefined
	error: string | undefined
}) {
	return (
		<Field label="Email" name="email" type="email" autoComplete={autoComplete} inputMode="email" required defaultValue={defaultValue ?? ''} error={error} />
	)
}

/**
 * A password field that is emptied whenever the server answers (everything else stays as typed),
 * so a refused attempt never leaves the password on the page.
 */
export function PasswordField({ answer, ...field }: { answer: unknown } & Omit<ComponentProps<typeof Field>, 'type' | 'name' | 'ref'>) {
	const password = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (answer && password.current) password.current.value = ''
	}, [answer])
	return <Field ref={password} name="password" type="password" required {...field} />
}

/** The password policy's rules as one hint under a new-password field. */
export function passwordRulesHint(rules: ReadonlyArray<string>) {
	return `Your password needs: ${rules.map((rule) => rule.charAt(0).toLowerCase() + rule.slice(1)).join('; ')}.`
}
