import { formatTravelDate } from '~/lib/dates.ts'
import { formatINRExact } from '~/lib/money.ts'
import { documentKindLabels, type TaxDocumentSnapshot } from './invoice.ts'

/**
 * The figures a tax document prints, in order, shared by the printable page and the PDF
 * so both say the same: taxable value, each tax with its rate, and the total.
 */
export function taxLines(snapshot: TaxDocumentSnapshot): Array<{ label: string; amount: string; strong?: boolean }> {
	const { tax } = snapshot
	const rate = tax.rateBasisPoints / 100
	const half = rate / 2
	const lines: Array<{ label: string; amount: string; strong?: boolean }> = [{ label: 'Taxable value', amount: formatINRExact(tax.taxable) }]
	if (tax.kind === 'igst') lines.push({ label: `IGST @ ${rate}%`, amount: formatINRExact(tax.igst) })
	else {
		lines.push({ label: `CGST @ ${half}%`, amount: formatINRExact(tax.cgst) })
		lines.push(
			tax.kind === 'cgst-utgst'
				? { label: `UTGST @ ${half}%`, amount: formatINRExact(tax.utgst) }
				: { label: `SGST @ ${half}%`, amount: formatINRExact(tax.sgst) },
		)
	}
	lines.push({
		label: snapshot.kind === 'invoice' ? 'Total (GST included)' : 'Credit note value (GST included)',
		amount: formatINRExact(tax.total),
		strong: true,
	})
	return lines
}

/** The heading facts: number, dates, place of supply, booking. */
export function documentFacts(snapshot: TaxDocumentSnapshot): Array<[string, string]> {
	return [
		[`${documentKindLabels[snapshot.kind]} number`, snapshot.number],
		['Date', formatTravelDate(snapshot.issueDate)],
		...(snapshot.against
			? ([['Against invoice', `${snapshot.against.number} of ${formatTravelDate(snapshot.against.issueDate)}`]] as Array<[string, string]>)
			: []),
		['Place of supply', `${snapshot.placeOfSupply.name} (${snapshot.placeOfSupply.code})`],
		['Booking', `${snapshot.booking.reference}: ${formatTravelDate(snapshot.booking.startDate)}, ${snapshot.booking.nights} nights, ${snapshot.booking.party}`],
		['Reverse charge', 'No'],
	]
}

/** How a party prints: name, address, state with its code, GSTIN. */
export function partyLines(party: TaxDocumentSnapshot['buyer']): string[] {
	return [
		party.name,
		party.address,
		party.stateName ? `State: ${party.stateName} (${party.stateCode})` : '',
		party.gstin ? `GSTIN: ${party.gstin}` : 'Unregistered (no GSTIN)',
	].filter(Boolean)
}
