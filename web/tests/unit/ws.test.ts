import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// A stand-in for the browser's WebSocket: records what is sent, opens and closes on demand.
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: (() => void) | null = null;
  onclose: ((e?: { code: number }) => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(msg: object) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
  const store = new Map<string, string>();
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('window', globalThis);
  vi.stubGlobal('location', { protocol: 'http:', host: 'example.org' });
  vi.stubGlobal('localStorage', { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => store.set(k, v), removeItem: (k: string) => store.delete(k) });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('PushClient', () => {
  it('a close with 1008 (the session ended elsewhere) signs the page out, as a 401 does', async () => {
    const client = await import('../../src/api/client');
    const { PushClient } = await import('../../src/api/ws');
    client.setSession('tok', 'alice');
    let refused = 0;
    client.onUnauthorized(() => {
      refused++;
      client.setSession(null, null);
    });
    const push = new PushClient(() => 'ws://example.org/ws');
    push.subscribe('user:alice', () => {});
    const socket = FakeSocket.all[0]!;
    socket.open();
    socket.readyState = 3;
    socket.onclose?.({ code: 1008 });
    expect(refused).toBe(1);
    expect(client.getToken()).toBeNull();
    // A plain drop (1006) keeps the session: the next socket just reconnects.
    client.setSession('tok2', 'alice');
    vi.advanceTimersByTime(20_000);
    const again = FakeSocket.all[1]!;
    again.open();
    again.readyState = 3;
    again.onclose?.({ code: 1006 });
    expect(refused).toBe(1);
    expect(client.getToken()).toBe('tok2');
  });

  it('subscribes on open, delivers events, and subscribes again after a reconnect', async () => {
    const { PushClient } = await import('../../src/api/ws');
    const push = new PushClient(() => 'ws://example.org/ws');
    const events: unknown[] = [];
    const reconnects: number[] = [];
    push.onReconnect(() => reconnects.push(1));
    push.subscribe('game:1', (e) => events.push(e));
    const first = FakeSocket.all[0]!;
    first.open();
    expect(first.sent.map((m) => [m.op, m.topic])).toEqual([['subscribe', 'game:1']]);
    first.receive({ type: 'event', topic: 'game:1', event: { kind: 'move', ply: 1, text: '7g7f' } });
    first.receive({ type: 'event', topic: 'game:2', event: { kind: 'move', ply: 1 } });
    expect(events).toEqual([{ kind: 'move', ply: 1, text: '7g7f' }]);

    first.close(); // the server went away
    expect(push.connected).toBe(false);
    vi.advanceTimersByTime(20_000);
    const second = FakeSocket.all[1]!;
    expect(second).toBeDefined();
    second.open();
    expect(second.sent.map((m) => [m.op, m.topic])).toEqual([['subscribe', 'game:1']]);
    expect(reconnects).toEqual([1]);
  });

  it('sends an analysis once connected and routes its messages by id', async () => {
    const { PushClient } = await import('../../src/api/ws');
    const push = new PushClient(() => 'ws://example.org/ws');
    const got: string[] = [];
    const id = push.analyze({ variant: 'chu', sfen: 'x', moves: [] }, (m) => got.push(m.type));
    const socket = FakeSocket.all[0]!;
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.sent).toEqual([{ op: 'analyze', variant: 'chu', sfen: 'x', moves: [], id }]);
    socket.receive({ type: 'analysis_started', id });
    socket.receive({ type: 'analysis', id, depth: 3, score_cp: 20, pv: ['7g7f'] });
    socket.receive({ type: 'analysis', id: id + 99, depth: 3, pv: [] });
    socket.receive({ type: 'analysis_done', id, reason: 'finished' });
    socket.receive({ type: 'analysis', id, depth: 4, pv: [] }); // after done: nobody listens
    expect(got).toEqual(['analysis_started', 'analysis', 'analysis_done']);
  });

  it('reports an analysis error to its listener', async () => {
    const { PushClient } = await import('../../src/api/ws');
    const push = new PushClient(() => 'ws://example.org/ws');
    const got: unknown[] = [];
    const id = push.analyze({ variant: 'nope' }, (m) => got.push(m));
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.receive({ type: 'error', id, error: { code: 'invalid', message: "unknown game 'nope'" } });
    expect(got).toEqual([{ type: 'error', message: "unknown game 'nope'" }]);
  });

  it('asks whether the session holds when the server closes a signed-in socket, and does not reconnect a dead one', async () => {
    const { PushClient } = await import('../../src/api/ws');
    let signedIn = true;
    const push = new PushClient(() => `ws://example.org/ws${signedIn ? '?token=t' : ''}`, () => signedIn);
    let alive = true;
    const asked: number[] = [];
    push.setSessionCheck(async () => {
      asked.push(1);
      return alive;
    });
    push.subscribe('user:bob', () => undefined);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close(); // a network hiccup: the session holds
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toEqual([1]);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();

    alive = false; // banned: the server closes the socket and the token is dead
    FakeSocket.all[1]!.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(asked).toEqual([1, 1]);
    expect(FakeSocket.all).toHaveLength(2); // no retry with the dead token
    expect(push.connected).toBe(false);

    signedIn = false; // the session's owner signs out and restarts the push: anonymous now
    push.restart();
    expect(FakeSocket.all).toHaveLength(3);
    expect(FakeSocket.all[2]!.url).toBe('ws://example.org/ws');
    FakeSocket.all[2]!.open();
    expect(FakeSocket.all[2]!.sent.map((m) => m.topic)).toEqual(['user:bob']);
  });

  it('reconnects a visitor’s socket without asking', async () => {
    const { PushClient } = await import('../../src/api/ws');
    const push = new PushClient(() => 'ws://example.org/ws', () => false);
    const asked: number[] = [];
    push.setSessionCheck(async () => (asked.push(1), false));
    push.subscribe('game:1', () => undefined);
    FakeSocket.all[0]!.open();
    FakeSocket.all[0]!.close();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(asked).toEqual([]);
    expect(FakeSocket.all).toHaveLength(2);
  });
});
