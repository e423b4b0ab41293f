// Placeholder: the overview tab of the dashboard, built by the issue 6 feature work (keep the export name).
export function DashboardOverview(_props: { onShowAll?: () => void }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
      La vue d'ensemble sera bientôt disponible.
    </div>
  );
}
