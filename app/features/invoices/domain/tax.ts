import { andamanStateCode, type StateCode, utgstTerritories } from './gstin.ts'

/** SAC 998555: tour operator services (scheme of classification of services, heading 9985). */
export const tourOperatorSac = '998555'

/**
 * The GST rates a tour operator may charge (docs/decisions/115-gst-tax-invoices.md):
 * 5 % without input tax credit, the bill stating that it includes accommodation and
 * transport; or 18 % with input tax credit. 5 % is the default.
 */
export const gstRateOptions = [
	{ percent: 5, label: '5 % (tour operator services, no input tax credit)' },
	{ percent: 18, label: '18 % (with input tax credit)' },
] as const
export const defaultGstRatePercent = 5

export type TaxKind = 'cgst-sgst' | 'cgst-utgst' | 'igst'
export const taxKindLabels: Record<TaxKind, string> = {
	'cgst-sgst': 'CGST + SGST (within the state)',
	'cgst-utgst': 'CGST + UTGST (within the union territory)',
	igst: 'IGST (between states)',
}

/**
 * Place of supply of tour operator services between an Indian supplier and
 * recipient (IGST Act s. 12(2)): a registered recipient's state (from the
 * GSTIN); else the state of the recipient's address on record; else the
 * supplier's own state.
 */
export function placeOfSupply(input: { supplierState: StateCode; buyerGstinState: StateCode | null; buyerAddressState: StateCode | null }): StateCode {
	return input.buyerGstinState ?? input.buyerAddressState ?? input.supplierState
}

export function taxKind(supplierState: StateCode, place: StateCode): TaxKind {
	if (supplierState !== place) return 'igst'
	return utgstTerritories.has(place) ? 'cgst-utgst' : 'cgst-sgst'
}

export type TaxSplit = {
	kind: TaxKind
	/** Basis points: 500 = 5 %. */
	rateBasisPoints: number
	taxable: number
	cgst: number
	sgst: number
	utgst: number
	igst: number
	/** taxable + every tax = the amount charged, to the paisa. */
	total: number
}

/**
 * Splits an amount that already includes GST (what the traveller was quoted and
 * paid) into taxable value and tax. The tax is the remainder, so the parts always
 * add up to the amount; a paisa left over from halving goes to CGST.
 */
export function splitInclusiveAmount(amountPaise: number, ratePercent: number, kind: TaxKind): TaxSplit {
	if (!Number.isInteger(amountPaise) || amountPaise < 0) throw new Error('The amount must be whole paise, not negative.')
	const rateBasisPoints = Math.round(ratePercent * 100)
	const taxable = Math.round((amountPaise * 10_000) / (10_000 + rateBasisPoints))
	const tax = amountPaise - taxable
	const half = Math.floor(tax / 2)
	const split = { kind, rateBasisPoints, taxable, cgst: 0, sgst: 0, utgst: 0, igst: 0, total: amountPaise }
	if (kind === 'igst') return { ...split, igst: tax }
	if (kind === 'cgst-utgst') return { ...split, cgst: tax - half, utgst: half }
	return { ...split, cgst: tax - half, sgst: half }
}

/** The same split scaled down for part of a document (a credit note against its invoice): the tax kind and rate are the invoice's. */
export function splitLike(invoice: Pick<TaxSplit, 'kind' | 'rateBasisPoints'>, amountPaise: number): TaxSplit {
	return splitInclusiveAmount(amountPaise, invoice.rateBasisPoints / 100, invoice.kind)
}

export const supplierDefaultState = andamanStateCode
