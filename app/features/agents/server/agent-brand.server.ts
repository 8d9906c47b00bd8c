import type { Kysely } from 'kysely'
import type { AgencyBrandInput } from '~/features/agents/domain/agent-brand.ts'
import { getMedia, uploadPhoto } from '~/features/media/server/media.server.ts'
import type { MediaStore } from '~/features/media/server/store.server.ts'
import { type Actor, recordAudit } from '~/server/db/audit.server.ts'
import type { Executor } from '~/server/db/client.server.ts'
import { rowById } from '~/server/db/row-by-id.server.ts'
import type { Database } from '~/server/db/schema.ts'

type DB = Kysely<Database>

/** The agency's brand as its admin sees it at /agent/brand (docs/decisions/225), with the logo from the media library. */
export async function getAgencyBrand(db: Executor, agentId: string) {
	const row = await rowById(db, 'agents', agentId, 'There is no agency with that id.')
	return {
		company: row.company,
		brandName: row.brand_name ?? '',
		brandAddress: row.brand_address ?? '',
		brandPhone: row.brand_phone ?? '',
		brandEmail: row.brand_email ?? '',
		showOurs: Number(row.brand_show_ours) === 1,
		logo: row.brand_logo_media_id ? await getMedia(db, row.brand_logo_media_id).catch(() => null) : null,
	}
}

/**
 * The agency admin saves the brand. A logo file, when one is sent, goes through the media library's checks
 * (an image, its size, a description; the same file twice is one entry) before the brand points at it. Audited.
 */
export async function saveAgencyBrand(db: DB, store: MediaStore, actor: Actor, agentId: string, input: AgencyBrandInput, logo: FormDataEntryValue | null) {
	const hasLogo = logo !== null && typeof logo !== 'string' && logo.size > 0
	const uploaded = hasLogo ? await uploadPhoto(db, store, actor, logo, input.logoAlt || `${input.brandName} logo`) : null
	const after = {
		brand_name: input.brandName,
		brand_address: input.brandAddress || null,
		brand_phone: input.brandPhone ?? null,
		brand_email: input.brandEmail ?? null,
		brand_show_ours: input.showOurs ? 1 : 0,
		...(uploaded ? { brand_logo_media_id: uploaded.item.id } : {}),
	}
	await db.transaction().execute(async (trx) => {
		await rowById(trx, 'agents', agentId, 'There is no agency with that id.', { forUpdate: true })
		await trx
			.updateTable('agents')
			.set({ ...after, updated_at: new Date().toISOString() })
			.where('id', '=', agentId)
			.execute()
		await recordAudit(trx, { actor, action: 'brand', entity: 'agent', entityId: agentId, after })
	})
}
