import type { Server } from 'node:http'
import { exportJWK, generateKeyPair, type JWK } from 'jose'
import Provider from 'oidc-provider'

/**
 * A real OpenID Connect provider on this machine (the `oidc-provider`
 * package), standing in for a company's Google Workspace or Entra ID. Its
 * development sign-in page takes any login name: the name is the person's
 * subject and email address; names starting with `unverified` get
 * `email_verified: false`. The signing key is made here so tests can also
 * sign deliberately wrong tokens with it.
 */
export type StandIn = { issuer: string; privateJwk: JWK & { kid: string }; stop: () => Promise<void> }

export async function startOidcProvider(port: number, clients: Array<{ clientId: string; clientSecret: string; redirectUris: string[] }>): Promise<StandIn> {
	const issuer = `http://localhost:${port}`
	const { privateKey } = await generateKeyPair('RS256', { extractable: true })
	const privateJwk = { ...(await exportJWK(privateKey)), kid: 'stand-in-key-1', alg: 'RS256', use: 'sig' }
	const provider = new Provider(issuer, {
		clients: clients.map((client) => ({
			client_id: client.clientId,
			client_secret: client.clientSecret,
			redirect_uris: client.redirectUris,
			grant_types: ['authorization_code'],
			response_types: ['code'],
			token_endpoint_auth_method: 'client_secret_basic',
		})),
		jwks: { keys: [privateJwk] },
		// Scope claims in the ID token itself (what Google and Entra do), not only from userinfo.
		conformIdTokenClaims: false,
		claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
		findAccount: (_ctx, accountId) => ({
			accountId,
			claims: () => ({
				sub: accountId,
				email: accountId,
				email_verified: !accountId.startsWith('unverified'),
				name: accountId.split('@')[0]?.replace(/[.-]/g, ' ') ?? accountId,
			}),
		}),
		cookies: { keys: ['stand-in-cookie-key-0123456789'] },
		pkce: { required: () => true },
	})
	const server: Server = provider.listen(port)
	await new Promise<void>((resolve) => server.once('listening', resolve))
	return {
		issuer,
		privateJwk,
		stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
