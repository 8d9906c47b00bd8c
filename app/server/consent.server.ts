/** The visitor's analytics choice, kept in a plain first-party cookie for a year. */
export type Consent = 'granted' | 'denied' | null
export const consentCookieName = 'analytics_consent'

export function readConsent(request: Request): Consent {
	const match = /(?:^|;\s*)analytics_consent=(granted|denied)/.exec(request.headers.get('Cookie') ?? '')
	return (match?.[1] as Consent | undefined) ?? null
}

export function consentCookie(choice: 'granted' | 'denied', secure: boolean): string {
	return `${consentCookieName}=${choice}; Path=/; Max-Age=31536000; SameSite=Lax${secure ? '; Secure' : ''}`
}
