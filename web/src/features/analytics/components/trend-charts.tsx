import { type Analytics, REPAIR_SPLIT_LABELS as SPLIT } from '@gmao/domain/analytics/analytics-schemas';
import { formatHours } from '@gmao/domain/dashboard/performance-schemas';
import { formatPercent } from '@gmao/domain/format/format';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { ChartCard } from './chart-card';
import { bucketLabel, completionPoints, legendProps, STATUS_SERIES, tickInterval, tooltipProps } from './chart-format';

/** Interventions over time by status, completion-rate trend and MTTR trend. */
export function TrendCharts({ data }: { data: Analytics }) {
  const points = data.series.map((p) => ({
    label: bucketLabel(p.start, data.bucket),
    ...Object.fromEntries(STATUS_SERIES.map((s) => [s.key, p.byStatus[s.key] ?? 0])),
    total: p.total,
    mttrHours: p.mttrHours,
    repairHours: p.repairHours,
    waitingHours: p.waitingHours,
  }));
  const repairPoints = points.filter((p) => p.mttrHours !== null);
  const split = data.repairSplit;
  const rates = completionPoints(data);
  const used = STATUS_SERIES.filter((s) => data.series.some((p) => (p.byStatus[s.key] ?? 0) > 0));
  const empty = data.series.every((p) => p.total === 0);
  const completedAny = data.series.some((p) => p.completed > 0);

  return (
    <>
      <ChartCard
        title="Interventions par statut"
        description="Nombre d'interventions par date prévue, réparties par statut actuel"
        empty={empty}
        data={{
          headers: ['Période', ...used.map((s) => s.label), 'Total'],
          rows: data.series.map((p) => [
            bucketLabel(p.start, data.bucket),
            ...used.map((s) => p.byStatus[s.key] ?? 0),
            p.total,
          ]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={11} interval={tickInterval(points.length)} />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip {...tooltipProps} />
            <Legend {...legendProps(used.map((s) => s.key))} />
            {used.map((s) => (
              <Bar
                key={s.key}
                dataKey={s.key}
                name={s.label}
                stackId="statut"
                fill={s.color}
                maxBarSize={48}
                isAnimationActive={false}
              />
            ))}
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Taux de réalisation"
        description="Terminées ÷ interventions de la période, en %"
        empty={empty}
        data={{
          headers: ['Période', 'Interventions', 'Terminées', 'Taux'],
          rows: rates.map((p) => [p.label, p.total, p.completed, p.rate === null ? '-' : formatPercent(p.rate)]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={rates}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={11} interval={tickInterval(rates.length)} />
            <YAxis domain={[0, 100]} unit="%" fontSize={11} />
            <Tooltip {...tooltipProps} formatter={(v) => formatPercent(Number(v))} />
            <Line
              type="linear"
              dataKey="rate"
              name="Taux de réalisation"
              stroke="#16a34a"
              connectNulls={false}
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title="Temps moyen de réparation (MTTR)"
        description="Du premier passage En Cours au passage Terminée, en heures"
        empty={!completedAny}
        data={{
          headers: ['Période', 'Terminées', 'MTTR'],
          rows: data.series.map((p) => [bucketLabel(p.start, data.bucket), p.completed, formatHours(p.mttrHours)]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <LineChart accessibilityLayer={false} data={points}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis dataKey="label" fontSize={11} interval={tickInterval(points.length)} />
            <YAxis unit=" h" fontSize={11} />
            <Tooltip {...tooltipProps} formatter={(v) => formatHours(Number(v))} />
            <Line
              type="linear"
              dataKey="mttrHours"
              name="MTTR"
              stroke="#2563eb"
              connectNulls
              dot={{ r: 3 }}
              isAnimationActive={false}
            />
          </LineChart>
        </ResponsiveContainer>
      </ChartCard>

      <ChartCard
        title={SPLIT.title}
        description={SPLIT.description}
        empty={!completedAny}
        data={{
          headers: [SPLIT.period, SPLIT.completed, SPLIT.repair, SPLIT.waiting, SPLIT.mttr],
          rows: [
            ...data.series
              .filter((p) => p.completed > 0)
              .map((p) => [
                bucketLabel(p.start, data.bucket),
                p.completed,
                formatHours(p.repairHours),
                formatHours(p.waitingHours),
                formatHours(p.mttrHours),
              ]),
            [
              SPLIT.total,
              split.completed,
              formatHours(split.repairHours),
              formatHours(split.waitingHours),
              formatHours(split.mttrHours),
            ],
          ],
        }}
      >
        <div className="flex h-full flex-col">
          <dl className="mb-2 grid grid-cols-2 gap-2 text-sm">
            <div>
              <dt className="text-slate-500">{SPLIT.repair}</dt>
              <dd className="font-semibold text-slate-900">{formatHours(split.repairHours)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{SPLIT.waiting}</dt>
              <dd className="font-semibold text-amber-700">{formatHours(split.waitingHours)}</dd>
            </div>
          </dl>
          <div className="min-h-0 flex-1">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart accessibilityLayer={false} data={repairPoints}>
                <CartesianGrid strokeDasharray="3 3" vertical={false} />
                <XAxis dataKey="label" fontSize={11} interval={tickInterval(repairPoints.length)} />
                <YAxis unit=" h" fontSize={11} />
                <Tooltip {...tooltipProps} formatter={(v) => formatHours(Number(v))} />
                <Legend />
                <Bar
                  dataKey="repairHours"
                  name={SPLIT.repair}
                  stackId="mttr"
                  fill="#2563eb"
                  maxBarSize={48}
                  isAnimationActive={false}
                />
                <Bar
                  dataKey="waitingHours"
                  name={SPLIT.waiting}
                  stackId="mttr"
                  fill="#d97706"
                  maxBarSize={48}
                  isAnimationActive={false}
                />
              </BarChart>
            </ResponsiveContainer>
          </div>
        </div>
      </ChartCard>
    </>
  );
}
