/** A library photo shown for a package, hotel, activity or island; position 0 is the cover. */
export interface MediaAttachmentsTable {
	id: string
	media_id: string
	subject_kind: string
	subject_key: string
	position: number
	created_at: string
}
