// The budgets of issue 16 that `npm run bench -- --check` enforces, and the results file (bench/results/). Not part
// of npm test.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ExportResult, LatencyResult } from './exports.ts';
import { type HttpResult, REPO } from './http.ts';
import type { WebResult } from './web.ts';

/** A CSV export is held to its rows/s budget from this many rows (below, the request's own time dominates). */
const EXPORT_BUDGET_MIN_ROWS = 50_000;

/** The budgets of issue 16 that `npm run bench -- --check` enforces; each entry says what was missed. */
export function missedBudgets(
  service: { label: string; median: number }[],
  http: HttpResult[],
  web: WebResult | null,
  csv: { rowsPerSec: number; rssGrowthMb: number } | null = null,
  exports: ExportResult[] = [],
  latency: LatencyResult[] = [],
): string[] {
  const missed: string[] = [];
  // The CSV export (365 days): at least 100,000 rows/s, with the process growing by less than 100 MB.
  if (csv && csv.rowsPerSec < 100_000) missed.push(`CSV export: ${csv.rowsPerSec} rows/s < 100,000 rows/s`);
  if (csv && csv.rssGrowthMb >= 100) missed.push(`CSV export: RSS growth ${csv.rssGrowthMb} MB ≥ 100 MB`);
  const budgets: [RegExp, number][] = [
    [/^dashboard stats/, 50],
    [/^dashboard alerts/, 50],
    [/^dashboard charts/, 50],
    // Issue 31: the SLA card with the dashboard's budget, its filters with the list's service time.
    [/^dashboard SLA card/, 50],
    [/^list page 1 \+ bounded count \(sla/, 50],
    [/^performance \(365/, 200],
    [/^analytics \(365/, 200],
    [/^report summary \(365 days\)$/, 200],
    [/^report summary \(calendar year\)$/, 200],
    [/^global search/, 50],
    [/^list page 1 \(search/, 50],
    [/^status counts \((all|overdue)\)$/, 50],
  ];
  for (const s of service)
    for (const [re, ms] of budgets)
      if (re.test(s.label) && s.median > ms) missed.push(`${s.label}: ${s.median} ms > ${ms} ms`);
  // Every export route over HTTP (issue 29): a CSV of EXPORT_BUDGET_MIN_ROWS rows or more at 100,000 rows/s at least,
  // the server growing by less than 100 MB meanwhile; any export answering 2xx. A smaller CSV (the audit log, the
  // plans, the parts of the bench's data set) is printed: its time is the request's, not the rows'.
  for (const e of exports) {
    if (e.status >= 300) missed.push(`${e.route}: HTTP ${e.status}`);
    if (e.rows >= EXPORT_BUDGET_MIN_ROWS && e.rowsPerSec < 100_000)
      missed.push(`${e.route}: ${e.rowsPerSec} rows/s < 100,000 rows/s`);
    if (e.rssGrowthMb >= 100) missed.push(`${e.route}: server RSS growth ${e.rssGrowthMb} MB ≥ 100 MB`);
  }
  // One request at a time (issue 29): the report under 200 ms at p95, the dashboard's charts under 50 ms.
  const latencyBudgets: [RegExp, number][] = [
    [/^report summary/, 200],
    [/^dashboard charts/, 50],
    // a page of changes since (issue 35) within the list's budget (p99 25 ms on one connection)
    [/changed since/, 25],
  ];
  for (const l of latency)
    for (const [re, ms] of latencyBudgets)
      if (re.test(l.route) && l.p95 > ms) missed.push(`${l.route} over HTTP: p95 ${l.p95} ms > ${ms} ms`);
  const budgeted = http.filter((h) => h.route.startsWith('list') && !h.route.includes('not budgeted'));
  for (const r of budgeted) {
    const ceiling = Math.round(r.ceiling ?? http[0]?.reqPerSec ?? 0);
    if (r.reqPerSec < 0.4 * ceiling) missed.push(`${r.route}: ${r.reqPerSec} req/s < 40 % of the ceiling (${ceiling})`);
  }
  for (const r of budgeted)
    if ((r.single?.p99 ?? r.p99) > 25)
      missed.push(`${r.route}: p99 ${r.single?.p99 ?? r.p99} ms > 25 ms (one connection)`);
  if (web) {
    const loginJs = web.loginJsKb;
    if (loginJs > 120) missed.push(`/login JS+CSS ${loginJs} KB > 120 KB`);
    if (web.loginLcpMobileMs > 2000) missed.push(`/login mobile LCP ${web.loginLcpMobileMs} ms > 2000 ms`);
    if (web.dashboardLcpMobileMs > 2000) missed.push(`/ mobile LCP ${web.dashboardLcpMobileMs} ms > 2000 ms`);
    if (web.dashboardLcpDesktopMs > 1000) missed.push(`/ desktop LCP ${web.dashboardLcpDesktopMs} ms > 1000 ms`);
  }
  return missed;
}

export function writeResults(payload: unknown): string {
  const dir = join(REPO, 'bench', 'results');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(payload, null, 2)}\n`);
  return file;
}
