import type { DB } from '~/server/db/client.server.ts'

/** A Havelock hotel `id` with one room type (`<id>-rt`, "Sea view"): what the inventory tests contract and book. */
export async function hotelWithRoom(db: DB, id: string) {
	const now = new Date().toISOString()
	await db.insertInto('hotels').values({ id, name: `Inventory Test ${id}`, island: 'havelock', tier: 'deluxe', stars: 3, address: null, phone: null, email: null, check_in: '12:00', check_out: '10:00', active: 1, notes: null, created_at: now, updated_at: now }).execute()
	await db.insertInto('room_types').values({ id: `${id}-rt`, hotel_id: id, name: 'Sea view', max_adults: 2, max_children: 1, extra_bed: 1, is_default: 1, created_at: now, updated_at: now }).execute()
	return { hotelId: id, roomTypeId: `${id}-rt` }
}
