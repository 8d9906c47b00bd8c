import { FERRY_OPERATOR_NAMES, ISLAND_SHORT_NAMES } from './constants'
import type { FerryOperator, Island, TransferUnit } from './types'

/**
 * How the engine opens the description of a ferry or transfer line, from the rate row that priced it.
 * A booking's components are planned from these descriptions, so the same words find the row again
 * and its supplier (docs/decisions/213-rate-rows-linked-to-their-supplier.md).
 */
export function ferryLineOpening(fare: { operator: FerryOperator; from: Island; to: Island; class: string }): string {
	return `Ferry ${ISLAND_SHORT_NAMES[fare.from]} → ${ISLAND_SHORT_NAMES[fare.to]}, ${FERRY_OPERATOR_NAMES[fare.operator]} ${fare.class.charAt(0).toUpperCase()}${fare.class.slice(1)}:`
}

export function transferLineOpening(island: Island, unit: TransferUnit): string {
	return `${unit === 'per_transfer' ? 'Airport & jetty transfers' : 'Cab at disposal'}, ${ISLAND_SHORT_NAMES[island]}:`
}
