import { expect, it } from 'vitest';
import { parseEventStream } from './notification-stream';

it('splits server-sent events, skips comments and retry lines, keeps the unfinished rest', () => {
  const { events, rest } = parseEventStream(
    'retry: 5000\n\nevent: unread\ndata: {"unread":2}\n\n: ping\n\nevent: unread\r\ndata: {"unread":3}\r\n\r\nevent: unr',
  );
  expect(events).toEqual([
    { event: 'unread', data: '{"unread":2}' },
    { event: 'unread', data: '{"unread":3}' },
  ]);
  expect(rest).toBe('event: unr');
  expect(parseEventStream(`${rest}ead\ndata: {"unread":4}\n\n`).events).toEqual([
    { event: 'unread', data: '{"unread":4}' },
  ]);
});
