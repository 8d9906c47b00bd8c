import type { FerryFare } from '~/features/rates/server/ferry-fares.server.ts'
import { ferryIslands, operatorLabel, routeLabel } from '~/features/ferries/domain/enquiry.ts'

/** The islands in the order a route is named (Port Blair first), read as any string a fare row holds. */
const islandOrder: readonly string[] = ferryIslands

/** A route's lowest adult fare per operator (paise), cheapest first. */
export type FareGuideRoute = { label: string; operators: Array<{ operator: string; from: number }> }

/** Lowest adult fare per route and operator, from the fare table (both directions of a route together). */
export function fareGuide(fares: ReadonlyArray<FerryFare>): FareGuideRoute[] {
	const routes = new Map<string, { label: string; operators: Map<string, number> }>()
	for (const fare of fares) {
		const [a, b] = [fare.from, fare.to].sort((x, y) => islandOrder.indexOf(x) - islandOrder.indexOf(y))
		const key = `${a}|${b}`
		let route = routes.get(key)
		if (!route) routes.set(key, (route = { label: routeLabel(a!, b!).replace('→', '–'), operators: new Map() }))
		const current = route.operators.get(fare.operator)
		if (current === undefined || fare.adultSell < current) route.operators.set(fare.operator, fare.adultSell)
	}
	return [...routes.values()].map((route) => ({
		label: route.label,
		operators: [...route.operators.entries()].sort((x, y) => x[1] - y[1]).map(([operator, from]) => ({ operator: operatorLabel(operator), from })),
	}))
}
