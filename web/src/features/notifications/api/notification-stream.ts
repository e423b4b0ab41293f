import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { API_BASE, refreshSession } from '../../../lib/api-client';
import { readToken } from '../../../lib/session-storage';
import { notificationKeys } from './query-keys';

export interface StreamEvent {
  event: string;
  data: string;
}

/**
 * Splits what arrived so far into complete server-sent events (blank-line separated) and the unfinished rest.
 * Comment lines (': ping') and `retry:` are skipped.
 */
export function parseEventStream(buffer: string): { events: StreamEvent[]; rest: string } {
  const normalized = buffer.replace(/\r\n/g, '\n');
  const blocks = normalized.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events: StreamEvent[] = [];
  for (const block of blocks) {
    let event = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) event = line.slice(6).trim();
      else if (line.startsWith('data:')) data.push(line.slice(5).trimStart());
    }
    if (data.length > 0) events.push({ event, data: data.join('\n') });
  }
  return { events, rest };
}

const RETRY_MS = [1000, 3000, 10_000, 30_000];

function openStream(signal: AbortSignal) {
  const token = readToken();
  return fetch(`${API_BASE}/notifications/stream`, {
    headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    signal,
    // It stays open for as long as the page (issue 30): at the default priority the browser counts it among the page's
    // loading requests, so the page never looked loaded (Lighthouse waited 45 s for it) and it competed with the
    // page's own data.
    priority: 'low',
  });
}

/**
 * Live bell: reads the server-sent events of /api/notifications/stream (fetch, so the bearer token goes in a header,
 * never in the URL) and puts each new unread count in the cache. `live` is false while the stream is down; the
 * bell then polls. The server ends the stream when the access token expires: it reconnects with a fresh one.
 */
export function useNotificationStream(): { live: boolean } {
  const queryClient = useQueryClient();
  const [live, setLive] = useState(false);
  useEffect(() => {
    let stopped = false;
    let failures = 0;
    let retry: ReturnType<typeof setTimeout> | undefined;
    const controller = new AbortController();
    const onEvent = (e: StreamEvent) => {
      if (e.event !== 'unread') return;
      const unread = Number((JSON.parse(e.data) as { unread?: number }).unread);
      if (!Number.isFinite(unread)) return;
      const before = queryClient.getQueryData<number>(notificationKeys.unread());
      queryClient.setQueryData(notificationKeys.unread(), unread);
      if (before !== unread) void queryClient.invalidateQueries({ queryKey: notificationKeys.lists() });
    };
    const connect = async () => {
      try {
        let res = await openStream(controller.signal);
        if (res.status === 401 && !(await refreshSession())) res = await openStream(controller.signal);
        if (!res.ok || !res.body) throw new Error(`stream ${res.status}`);
        failures = 0;
        setLive(true);
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          const parsed = parseEventStream(buffer + value);
          buffer = parsed.rest;
          for (const e of parsed.events) onEvent(e);
        }
      } catch {
        failures++;
      }
      setLive(false);
      if (stopped) return;
      retry = setTimeout(connect, RETRY_MS[Math.min(failures, RETRY_MS.length - 1)]);
    };
    void connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      controller.abort();
    };
  }, [queryClient]);
  return { live };
}
