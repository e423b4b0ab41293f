import { formatCurrency, formatNumber } from '@gmao/domain/format/format';
import { plannedLineTotal, plannedTotal } from '@gmao/domain/templates/template-display';
import type { Template } from '@gmao/domain/templates/template-schemas';

const quantity = (q: string) => formatNumber(Number(q), { maximumFractionDigits: 3 });

/** What an intervention created from the template receives: its checklist steps and planned materials (MAD). */
export function TemplateContents({ template }: { template: Template }) {
  return (
    <div className="space-y-4 rounded-lg border border-slate-200 bg-slate-50 p-4">
      <section aria-labelledby="template-contents-steps">
        <h3 id="template-contents-steps" className="text-sm font-semibold text-slate-900">
          Checklist copiée ({template.checklist.length} {template.checklist.length > 1 ? 'étapes' : 'étape'})
        </h3>
        {template.checklist.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">
            Aucune étape : la checklist par défaut du type d'équipement sera utilisée.
          </p>
        ) : (
          <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm text-slate-700">
            {template.checklist.map((step, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: steps may repeat; their order is their identity.
              <li key={i}>{step}</li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="template-contents-materials">
        <h3 id="template-contents-materials" className="text-sm font-semibold text-slate-900">
          Matériel prévu copié
        </h3>
        {template.materiaux.length === 0 ? (
          <p className="mt-1 text-sm text-slate-500">Aucun matériel prévu.</p>
        ) : (
          <table className="mt-2 w-full text-left text-sm text-slate-700">
            <caption className="sr-only">Matériel prévu</caption>
            <thead className="text-xs text-slate-500">
              <tr>
                <th scope="col" className="py-1 pr-2 font-medium">
                  Désignation
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Quantité
                </th>
                <th scope="col" className="py-1 pr-2 text-right font-medium">
                  Prix unitaire
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {template.materiaux.map((m, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no id before they are copied.
                <tr key={i} className="border-t border-slate-200">
                  <td className="py-1 pr-2">
                    {m.designation}
                    {m.reference && <span className="ml-1 text-xs text-slate-500">({m.reference})</span>}
                  </td>
                  <td className="py-1 pr-2 text-right">{quantity(m.quantite)}</td>
                  <td className="py-1 pr-2 text-right whitespace-nowrap">{formatCurrency(m.prixUnitaire)}</td>
                  <td className="py-1 text-right whitespace-nowrap">{formatCurrency(plannedLineTotal(m))}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-300 font-semibold text-slate-900">
                <td colSpan={3} className="py-1 pr-2 text-right">
                  Total prévu
                </td>
                <td className="py-1 text-right whitespace-nowrap" data-testid="template-planned-total">
                  {formatCurrency(plannedTotal(template.materiaux))}
                </td>
              </tr>
            </tfoot>
          </table>
        )}
      </section>
    </div>
  );
}
