import { formatINR } from '~/lib/money.ts'
import { BarChart, compactINR } from './charts.tsx'

/** The chart series `loadReports` returns (money only for owners). */
export type ReportChartData = {
	months: ReadonlyArray<{ label: string; confirmed: number; value?: number; margin?: number }>
	funnel: { leads: number; quoted: number; booked: number; confirmed: number }
	arrivals: ReadonlyArray<{ label: string; confirmed: number; awaitingPayment: number }>
}

/** Revenue and margin by month (bookings by month for staff), the lead funnel, and arrivals by week. */
export function ReportCharts({ charts, money }: { charts: ReportChartData; money: boolean }) {
	const months = charts.months.map((m) => m.label)
	return (
		<div className="space-y-8">
			{money ? (
				<BarChart
					title="Revenue and margin by month"
					description="Booked value of confirmed and completed bookings (GST included) and the margin on those whose supplier cost is recorded, by the month they were booked."
					categoryHeading="Month"
					categories={months}
					series={[
						{ name: 'Booked value', values: charts.months.map((m) => m.value ?? 0), tone: 'primary' },
						{ name: 'Margin', values: charts.months.map((m) => m.margin ?? 0), tone: 'accent' },
					]}
					shortValue={compactINR}
					fullValue={formatINR}
				/>
			) : (
				<BarChart
					title="Confirmed bookings by month"
					description="Bookings confirmed or completed, by the month they were booked."
					categoryHeading="Month"
					categories={months}
					series={[{ name: 'Confirmed bookings', values: charts.months.map((m) => m.confirmed), tone: 'primary' }]}
				/>
			)}
			<BarChart
				title="Lead funnel"
				description="Leads made in the period, how many were sent a quote, how many booked and how many bookings were confirmed."
				categoryHeading="Step"
				categories={['Leads', 'Sent a quote', 'Booked', 'Confirmed']}
				series={[{ name: 'Leads', values: [charts.funnel.leads, charts.funnel.quoted, charts.funnel.booked, charts.funnel.confirmed], tone: 'primary' }]}
			/>
			<BarChart
				title="Arrivals by week"
				description="Bookings arriving in each of the coming weeks, from today: confirmed, and still awaiting payment."
				categoryHeading="Week starting"
				categories={charts.arrivals.map((w) => w.label)}
				series={[
					{ name: 'Confirmed', values: charts.arrivals.map((w) => w.confirmed), tone: 'primary' },
					{ name: 'Awaiting payment', values: charts.arrivals.map((w) => w.awaitingPayment), tone: 'muted' },
				]}
			/>
		</div>
	)
}
