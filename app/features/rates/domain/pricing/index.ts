/** Public API of the pricing engine. See docs/pricing.md. */
export type * from './types'
export { createRateBook, priceTrip, classifyParty, selectVehicles, distributeParty, fitRoomType } from './engine'
export type { Travellers, Occupancy } from './engine'
export { ferryLineOpening, transferLineOpening } from './line-openings'
export {
	addDays,
	compareDates,
	createSeasonCalendar,
	fromDayNumber,
	isIsoDate,
	nightDates,
	nightsBetween,
	toDayNumber,
	validateSeasons,
} from './seasons'
export type { SeasonCalendar } from './seasons'
export { applyBp, divideRoundHalfUp, formatInr, rupees, spreadProportionally, BP_PER_UNIT } from './money'
export {
	DEFAULT_AGE_BANDS,
	DEFAULT_GST_BP,
	DEFAULT_MEAL_PLAN,
	FERRY_ISLANDS,
	FERRY_OPERATOR_NAMES,
	HOME_ISLAND,
	ISLAND_NAMES,
	ISLAND_SHORT_NAMES,
	ISLANDS,
	ROAD_ISLANDS,
	VEHICLE_SEATS,
} from './constants'
