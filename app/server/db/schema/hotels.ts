/** Rate tables (docs/product.md Rates). Money in paise; booleans 0/1; seasons are named in settings. */
export interface HotelsTable {
	id: string
	name: string
	island: string
	tier: string
	stars: number | null
	address: string | null
	phone: string | null
	email: string | null
	check_in: string
	check_out: string
	active: number
	notes: string | null
	/** The supplier it is booked through (docs/decisions/199-hotels-linked-to-their-supplier.md): its new components get that supplier. */
	supplier_id: string | null
	created_at: string
	updated_at: string
}
