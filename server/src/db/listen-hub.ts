import pg from 'pg';

type Listener = () => void;

/**
 * One LISTEN connection per server instance on `channel`, opened when the first subscriber comes. PostgreSQL
 * delivers each committed pg_notify to every instance, so a change made through any instance reaches the
 * subscribers of all of them. The payload is a JSON array of user ids; a subscriber is called for its user. What
 * this keeps in memory is only this instance's open connections (the notifications stream uses it).
 */
export class ListenHub {
  private client: pg.Client | null = null;
  private connecting: Promise<void> | null = null;
  private readonly listeners = new Map<number, Set<Listener>>();
  private retry: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly connectionString: string,
    private readonly channel: string,
    private readonly onError: (err: Error) => void = () => {},
  ) {}

  /** Calls `fn` whenever a notification for `userId` commits; returns the unsubscribe function. */
  async subscribe(userId: number, fn: Listener): Promise<() => void> {
    await this.ensureConnected();
    let set = this.listeners.get(userId);
    if (!set) {
      set = new Set();
      this.listeners.set(userId, set);
    }
    set.add(fn);
    return () => {
      set.delete(fn);
      if (set.size === 0) this.listeners.delete(userId);
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string | undefined) {
    let ids: unknown;
    try {
      ids = JSON.parse(payload ?? '[]');
    } catch {
      return;
    }
    if (!Array.isArray(ids)) return;
    for (const id of ids) {
      for (const fn of this.listeners.get(Number(id)) ?? []) fn();
    }
  }

  private ensureConnected(): Promise<void> {
    if (this.client) return Promise.resolve();
    if (!this.connecting) {
      this.connecting = this.connect().finally(() => {
        this.connecting = null;
      });
    }
    return this.connecting;
  }

  private async connect() {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (msg) => {
      if (msg.channel === this.channel) this.dispatch(msg.payload);
    });
    client.on('error', (err) => {
      this.onError(err);
      this.client = null;
      client.end().catch(() => {});
      this.scheduleReconnect();
    });
    await client.connect();
    await client.query(`LISTEN ${pg.escapeIdentifier(this.channel)}`);
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
  }

  /** After a lost connection (database restart): reconnect while pages are listening; they poll meanwhile. */
  private scheduleReconnect() {
    if (this.closed || this.retry || this.listeners.size === 0) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      this.ensureConnected().catch((err: Error) => {
        this.onError(err);
        this.scheduleReconnect();
      });
    }, 2000);
    this.retry.unref();
  }

  async close() {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.listeners.clear();
    await this.connecting?.catch(() => {});
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }
}
