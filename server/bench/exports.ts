// The exports and the report over HTTP (issue 29), in `npm run bench`: every export route downloaded whole from the
// built server — rows/s from the first byte asked to the last received, and the server's RSS growth meanwhile — and
// the latency of the report and the dashboard's charts one request at a time (a user's wait: p50 and p95). The
// budgets are checked in budgets.ts. Not part of npm test.
import { readFileSync } from 'node:fs';

export interface ExportResult {
  route: string;
  /** CSV lines after the header (a PDF: 0). */
  rows: number;
  bytes: number;
  ms: number;
  rowsPerSec: number;
  /** The server's RSS growth during the download, MB (Linux; 0 elsewhere). */
  rssGrowthMb: number;
  status: number;
}

export interface LatencyResult {
  route: string;
  requests: number;
  p50: number;
  p95: number;
  max: number;
}

function rssOf(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The routes: [label, path, accept-encoding]. The CSVs are asked as they are and as a browser asks (brotli). */
export function exportRoutes(today: string, yearAgo: string): [string, string, string][] {
  const period = `dateFrom=${yearAgo}&dateTo=${today}`;
  return [
    ['interventions CSV « Exporter » (all)', '/api/interventions/export/csv', 'identity'],
    ['interventions CSV « Exporter » (all, brotli)', '/api/interventions/export/csv', 'br'],
    ['report CSV (365 days)', `/api/reports/export.csv?${period}`, 'identity'],
    ['report CSV (365 days, brotli)', `/api/reports/export.csv?${period}`, 'br'],
    ['audit log CSV', '/api/audit/export/csv', 'br'],
    ['preventive compliance CSV (365 days)', `/api/plans/compliance.csv?from=${yearAgo}&to=${today}`, 'br'],
    ['parts catalogue CSV', '/api/parts/export.csv', 'br'],
    ['interventions PDF (first 500)', '/api/interventions/export/pdf', 'br'],
    ['report PDF (365 days)', `/api/reports/export.pdf?${period}`, 'br'],
  ];
}

/** Downloads each export route whole (fetch decodes brotli as a browser does), one at a time. */
export async function benchExports(
  url: string,
  token: string,
  serverPid: number | undefined,
  today: string,
  yearAgo: string,
): Promise<ExportResult[]> {
  const results: ExportResult[] = [];
  for (const [route, path, encoding] of exportRoutes(today, yearAgo)) {
    const rss0 = serverPid ? rssOf(serverPid) : 0;
    let rssMax = rss0;
    const sampler = setInterval(() => {
      if (serverPid) rssMax = Math.max(rssMax, rssOf(serverPid));
    }, 100);
    const t0 = performance.now();
    const res = await fetch(`${url}${path}`, {
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': encoding },
    });
    let lines = 0;
    let bytes = 0;
    const csv = (res.headers.get('content-type') ?? '').startsWith('text/csv');
    if (res.body)
      for await (const chunk of res.body) {
        bytes += chunk.length;
        if (csv) for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
      }
    const ms = performance.now() - t0;
    clearInterval(sampler);
    if (serverPid) rssMax = Math.max(rssMax, rssOf(serverPid));
    const rows = csv ? Math.max(0, lines - 1) : 0;
    results.push({
      route,
      rows,
      bytes,
      ms: Math.round(ms),
      rowsPerSec: Math.round(rows / (ms / 1000)),
      rssGrowthMb: Math.round((rssMax - rss0) / 1e6),
      status: res.status,
    });
  }
  return results;
}

/** The report and the charts as a user waits for them: `requests` in a row on one connection, after 3 unrecorded. */
export async function benchLatency(
  url: string,
  token: string,
  routes: [string, string][],
  requests = 40,
): Promise<LatencyResult[]> {
  const headers = { authorization: `Bearer ${token}`, 'accept-encoding': 'br' };
  const results: LatencyResult[] = [];
  for (const [route, path] of routes) {
    const ms: number[] = [];
    for (let i = 0; i < requests + 3; i++) {
      const t0 = performance.now();
      const res = await fetch(`${url}${path}`, { headers });
      await res.arrayBuffer();
      if (!res.ok) throw new Error(`${route}: ${res.status}`);
      if (i >= 3) ms.push(performance.now() - t0);
    }
    ms.sort((a, b) => a - b);
    const at = (q: number) => Math.round(ms[Math.min(ms.length - 1, Math.ceil(q * ms.length) - 1)] * 10) / 10;
    results.push({ route, requests, p50: at(0.5), p95: at(0.95), max: at(1) });
  }
  return results;
}
