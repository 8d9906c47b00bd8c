import { deleteApp, type FirebaseApp, initializeApp } from 'firebase/app'
import { type Auth, connectAuthEmulator, inMemoryPersistence, initializeAuth } from 'firebase/auth'

/**
 * The official `firebase` SDK, unchanged, pointed at one of our servers
 * (connectAuthEmulator), as the identity specs use it. Each `connect` is a
 * fresh app with in-memory persistence; `closeAll` ends them after the spec.
 */
export function sdkClients(prefix: string) {
	const apps: FirebaseApp[] = []
	return {
		connect(url: string, apiKey: string): Auth {
			const app = initializeApp({ apiKey, projectId: 'andaman-isles-travel', authDomain: 'localhost' }, `${prefix}-${apps.length}-${Date.now()}`)
			apps.push(app)
			const auth = initializeAuth(app, { persistence: inMemoryPersistence })
			connectAuthEmulator(auth, url, { disableWarnings: true })
			return auth
		},
		closeAll: () => Promise.all(apps.map((app) => deleteApp(app))),
	}
}

/** The SDK's `auth/…` code of a failed call, or 'no error'. */
export async function errorCode(promise: Promise<unknown>): Promise<string> {
	try {
		await promise
		return 'no error'
	} catch (error) {
		return (error as { code?: string }).code ?? String(error)
	}
}
