// Placeholder: the list used by the dashboard tab and by the full page; built by the feature work.
// Keep the export name and the props: the dashboard (web/src/app/routes/dashboard.tsx) embeds it as a tab.
export function EquipmentList(_props: { variant?: 'tab' | 'page' }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white p-10 text-center text-slate-500">
      Cette liste sera bientôt disponible.
    </div>
  );
}
