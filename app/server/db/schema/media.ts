/** The operator's photo library (docs/decisions/132-media-library.md). */
export interface MediaTable {
	id: string
	storage_key: string
	sha256: string
	width: number
	height: number
	bytes: number
	original_name: string
	alt: string
	focal_x: number
	focal_y: number
	created_by: string | null
	created_at: string
	updated_at: string
}
