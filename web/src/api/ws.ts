// The WebSocket push (/ws): one connection for the page, reconnecting with backoff, which
// subscribes again to every topic after a reconnect and tells listeners so that they reload
// what they show (events missed while disconnected are not replayed).
// When the server closes the connection of a signed-in page, the session may have ended (a
// ban, a password change): the page asks (sessionCheck) before reconnecting, so that a dead
// token is not retried for ever.
import type { AnalysisMessage, AnalysisRequest, PushEvent, ServerMessage } from './types';
import { t } from '../i18n';
import { getToken, tokenRefused } from './client';

type EventListener = (event: PushEvent, topic: string) => void;
type StatusListener = (connected: boolean) => void;
type AnalysisListener = (msg: AnalysisMessage) => void;

export class PushClient {
  private socket: WebSocket | null = null;
  private topics = new Map<string, Set<EventListener>>();
  private statusListeners = new Set<StatusListener>();
  private reconnectListeners = new Set<() => void>();
  private analysisListeners = new Map<number, AnalysisListener>();
  /** Analysis requests not yet sent (the connection was still opening). */
  private unsent = new Map<number, object>();
  private retry = 0;
  private timer: number | undefined;
  private pingTimer: number | undefined;
  private nextId = 1;
  private closedByUs = false;
  private everConnected = false;
  private sessionCheck: (() => Promise<boolean>) | null = null;
  connected = false;

  constructor(private readonly urlFor: () => string = defaultUrl, private readonly signedIn: () => boolean = () => !!getToken()) {}

  /** Asked after the server closed a signed-in connection: true if the session still holds
   * (then the socket reconnects); false if it ended (the session's owner restarts the push). */
  setSessionCheck(f: () => Promise<boolean>): void {
    this.sessionCheck = f;
  }

  /** Subscribes to a topic; returns the function that unsubscribes. */
  subscribe(topic: string, listener: EventListener): () => void {
    let set = this.topics.get(topic);
    if (!set) {
      set = new Set();
      this.topics.set(topic, set);
      this.send({ op: 'subscribe', topic, id: this.nextId++ });
    }
    set.add(listener);
    this.ensureOpen();
    return () => {
      const s = this.topics.get(topic);
      if (!s) return;
      s.delete(listener);
      if (s.size === 0) {
        this.topics.delete(topic);
        this.send({ op: 'unsubscribe', topic });
      }
    };
  }

  onStatus(f: StatusListener): () => void {
    this.statusListeners.add(f);
    return () => this.statusListeners.delete(f);
  }

  /** Called after a reconnect (not the first connect): reload what the page shows. */
  onReconnect(f: () => void): () => void {
    this.reconnectListeners.add(f);
    return () => this.reconnectListeners.delete(f);
  }

  /** Starts an analysis; returns its id. */
  analyze(req: AnalysisRequest, listener: AnalysisListener): number {
    const id = this.nextId++;
    this.analysisListeners.set(id, listener);
    const msg = { op: 'analyze', ...req, id };
    if (!this.send(msg)) this.unsent.set(id, msg);
    this.ensureOpen();
    return id;
  }

  stopAnalysis(id?: number): void {
    if (id !== undefined) {
      this.analysisListeners.delete(id);
      if (this.unsent.delete(id)) return;
    }
    this.send(id !== undefined ? { op: 'stop_analysis', id } : { op: 'stop_analysis' });
  }

  /** Reconnects now with the current token (after a login or logout). */
  restart(): void {
    if (this.socket) {
      this.closedByUs = true;
      this.socket.close();
      this.socket = null;
      window.clearInterval(this.pingTimer);
      this.setConnected(false);
    }
    this.closedByUs = false;
    if (this.timer !== undefined && this.timer !== -1) window.clearTimeout(this.timer);
    this.timer = undefined;
    if (this.topics.size || this.analysisListeners.size) this.ensureOpen();
  }

  private ensureOpen(): void {
    if (this.socket || this.timer !== undefined) return;
    this.open();
  }

  private open(): void {
    this.timer = undefined;
    let ws: WebSocket;
    try {
      ws = new WebSocket(this.urlFor());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = ws;
    ws.onopen = () => {
      const reconnect = this.everConnected;
      this.everConnected = true;
      this.retry = 0;
      this.setConnected(true);
      for (const topic of this.topics.keys()) this.send({ op: 'subscribe', topic, id: this.nextId++ });
      for (const msg of this.unsent.values()) this.send(msg);
      this.unsent.clear();
      this.pingTimer = window.setInterval(() => this.send({ op: 'ping' }), 45_000);
      if (reconnect) this.reconnectListeners.forEach((f) => f());
    };
    ws.onmessage = (ev) => this.receive(ev.data);
    ws.onclose = (ev?: CloseEvent) => {
      // A socket replaced by restart() closes late: the current one is not its business.
      if (this.socket !== ws && !this.closedByUs) return;
      this.socket = null;
      // 1008: the session behind the token ended (a logout, a password change, a closure or
      // a ban, on any device): the page signs out, as on a 401, and reconnects without it.
      if (ev?.code === 1008 && !this.closedByUs) tokenRefused();
      window.clearInterval(this.pingTimer);
      this.setConnected(false);
      // Analyses in progress end with the connection.
      for (const [id, f] of this.analysisListeners) {
        if (this.unsent.has(id)) continue; // still waiting to be sent
        f({ type: 'error', message: t('ui.connectionLost') });
        this.analysisListeners.delete(id);
      }
      if (!this.closedByUs) this.afterServerClose();
    };
    ws.onerror = () => {
      /* onclose follows */
    };
  }

  private afterServerClose(): void {
    if (!this.sessionCheck || !this.signedIn()) {
      this.scheduleReconnect();
      return;
    }
    // Waiting for the answer counts as the pending reconnect (ensureOpen does not open another).
    this.timer = -1;
    void this.sessionCheck().catch(() => true).then((alive) => {
      if (this.timer !== -1) return; // restart() has taken over
      this.timer = undefined;
      if (alive) this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    if (this.timer !== undefined) return;
    const delay = Math.min(15_000, 500 * 2 ** this.retry) * (0.75 + Math.random() * 0.5);
    this.retry++;
    this.timer = window.setTimeout(() => this.open(), delay);
  }

  private setConnected(c: boolean): void {
    if (this.connected === c) return;
    this.connected = c;
    this.statusListeners.forEach((f) => f(c));
  }

  /** Sends now if connected; returns false if not (subscriptions are sent again on open). */
  private send(msg: object): boolean {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(msg));
    return true;
  }

  private receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let msg: ServerMessage;
    try {
      msg = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    switch (msg.type) {
      case 'event': {
        this.topics.get(msg.topic)?.forEach((f) => f(msg.event, msg.topic));
        break;
      }
      case 'analysis':
      case 'analysis_started':
      case 'analysis_queued': {
        this.analysisListeners.get(msg.id)?.(msg);
        break;
      }
      case 'analysis_done': {
        const id = msg.id;
        if (id !== undefined) {
          this.analysisListeners.get(id)?.(msg);
          this.analysisListeners.delete(id);
        } else {
          for (const [k, f] of this.analysisListeners) {
            f(msg);
            this.analysisListeners.delete(k);
          }
        }
        break;
      }
      case 'error': {
        if (msg.id !== undefined && this.analysisListeners.has(msg.id)) {
          this.analysisListeners.get(msg.id)?.({ type: 'error', message: msg.error.message });
          this.analysisListeners.delete(msg.id);
        } else {
          console.warn('push error:', msg.error.message);
        }
        break;
      }
      default:
        break;
    }
  }
}

function defaultUrl(): string {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const t = getToken();
  return `${proto}//${location.host}/ws${t ? `?token=${encodeURIComponent(t)}` : ''}`;
}

export const push = new PushClient();
