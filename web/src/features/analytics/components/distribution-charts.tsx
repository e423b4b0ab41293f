import type { Analytics } from '@gmao/domain/analytics/analytics-schemas';
import type { LabelCount } from '@gmao/domain/dashboard/dashboard-schemas';
import { truncate } from '@gmao/domain/format/format';
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { legendProps, tooltipProps } from './chart-format';
import { useNarrow } from './use-narrow';

function CountBars({ items, color }: { items: LabelCount[]; color: string }) {
  const narrow = useNarrow();
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart accessibilityLayer={false} data={items} layout="vertical" margin={{ left: 4, right: 8 }}>
        <CartesianGrid strokeDasharray="3 3" horizontal={false} />
        <XAxis type="number" allowDecimals={false} fontSize={11} />
        <YAxis
          type="category"
          dataKey="label"
          width={narrow ? 110 : 180}
          fontSize={11}
          interval={0}
          tickFormatter={(v: string) => truncate(v, narrow ? 14 : 24)}
        />
        <Tooltip {...tooltipProps} />
        <Bar dataKey="count" name="Interventions" fill={color} maxBarSize={28} isAnimationActive={false} />
      </BarChart>
    </ResponsiveContainer>
  );
}

/** 'Rachid Ouazzani' → 'R. Ouazzani', so every technician keeps a label on a phone. */
const shortName = (nom: string) => {
  const [first = '', ...rest] = nom.trim().split(/\s+/);
  return rest.length ? `${first.charAt(0)}. ${rest.join(' ')}` : first;
};

const countTable = (items: LabelCount[], first: string) => ({
  headers: [first, 'Interventions'],
  rows: items.map((i) => [i.label, i.count]),
});

/** Distribution by equipment type and by client, and technician workload. */
export function DistributionCharts({ data }: { data: Analytics }) {
  const narrow = useNarrow();
  return (
    <>
      <ChartCard
        title="Répartition par type d'équipement"
        empty={data.byEquipmentType.length === 0}
        data={countTable(data.byEquipmentType, "Type d'équipement")}
      >
        <CountBars items={data.byEquipmentType} color="#7c3aed" />
      </ChartCard>
      <ChartCard
        title="Répartition par client"
        description="Les 10 clients les plus servis"
        empty={data.byClient.length === 0}
        data={countTable(data.byClient, 'Client')}
        height={data.byClient.length > 6 ? 'h-80' : 'h-64'}
      >
        <CountBars items={data.byClient} color="#0891b2" />
      </ChartCard>
      <ChartCard
        title="Charge des techniciens"
        description="Interventions de la période (assignées, terminées) et ouvertes aujourd'hui"
        empty={data.workload.length === 0}
        data={{
          headers: ['Technicien', 'Assignées', 'Terminées', 'Ouvertes'],
          rows: data.workload.map((w) => [w.nom, w.assigned, w.completed, w.open]),
        }}
      >
        <ResponsiveContainer width="100%" height="100%">
          <BarChart accessibilityLayer={false} data={data.workload}>
            <CartesianGrid strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="nom"
              fontSize={11}
              interval={data.workload.length <= 6 ? 0 : 'preserveStartEnd'}
              tickFormatter={narrow ? shortName : undefined}
            />
            <YAxis allowDecimals={false} fontSize={11} />
            <Tooltip {...tooltipProps} />
            <Legend {...legendProps(['assigned', 'completed', 'open'])} />
            <Bar dataKey="assigned" name="Assignées" fill="#2563eb" maxBarSize={40} isAnimationActive={false} />
            <Bar dataKey="completed" name="Terminées" fill="#16a34a" maxBarSize={40} isAnimationActive={false} />
            <Bar dataKey="open" name="Ouvertes" fill="#ea580c" maxBarSize={40} isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </ChartCard>
    </>
  );
}
