import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Registry;
  }
}

/**
 * Prometheus metrics of this instance (ARCHITECTURE.md "Observability"): requests by route template and status with
 * their latency, the database pool, and the process (memory, CPU, event-loop lag, from prom-client's defaults).
 * One registry per app, so that tests building several apps in one process never share counters.
 */
export default fp(
  async (app: FastifyInstance) => {
    const registry = new Registry();
    registry.setDefaultLabels({ app: 'gmao' });
    collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

    const labelNames = ['method', 'route', 'status_code'] as const;
    const requests = new Counter({
      name: 'gmao_http_requests_total',
      help: 'HTTP requests answered, by route template and status',
      labelNames,
      registers: [registry],
    });
    const duration = new Histogram({
      name: 'gmao_http_request_duration_seconds',
      help: 'HTTP request latency, by route template and status',
      labelNames,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    });
    const pool = app.database.pool;
    new Gauge({
      name: 'gmao_db_pool_connections',
      help: 'Database pool connections by state',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'total' }, pool.totalCount);
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'waiting' }, pool.waitingCount);
      },
    });

    app.decorate('metrics', registry);
    app.addHook('onResponse', async (request, reply) => {
      // The route template, never the raw URL: ids and junk targets must not create label values.
      const labels = {
        method: request.method,
        route: request.is404 ? 'unmatched' : (request.routeOptions.url ?? 'unmatched'),
        status_code: String(reply.statusCode),
      };
      requests.inc(labels);
      duration.observe(labels, reply.elapsedTime / 1000);
    });
  },
  { name: 'metrics', dependencies: ['database'] },
);
