import { buildVersion } from '~/server/build-info.server.ts'

/** The running build's version, polled hourly by browsers to notice a deploy (docs/conventions.md). */
export function loader() {
	return Response.json({ version: buildVersion() }, { headers: { 'Cache-Control': 'no-store' } })
}
