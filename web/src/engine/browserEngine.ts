// Kirin's engine in this browser: the WebAssembly build (src/wasm) in a Web Worker (worker.ts),
// spoken to in USI as `kirin engine` is. Its files are the web build's own assets (hashed names,
// so the browser caches them for good), fetched only when a page first starts the engine.
import type { MateAnswer, MateRequest } from '../api/types';
import type { AnalysisEvents, AnalysisJob, Engine, EngineLine, RunningAnalysis } from './engine';
import { parseInfo, parseMate } from './usiLines';
import type { FromWorker, WorkerInit } from './worker';

// The builds, if `make wasm` made them (an empty map otherwise: the server's engine is used).
const files = import.meta.glob('./wasm/*', { query: '?url', import: 'default', eager: true }) as Record<string, string>;
const file = (name: string) => files[`./wasm/${name}`];

/** Whether this page can run the browser engine with threads (SharedArrayBuffer needs a
 * cross-origin isolated page: the server sends COOP and COEP). */
export function threadsAvailable(): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true;
}

/** Why the browser engine cannot run here, or null when it can. */
export function browserEngineMissing(): string | null {
  if (typeof WebAssembly !== 'object' || typeof Worker === 'undefined') return 'no WebAssembly';
  if (!file('kirin-engine-st.js') || !file('kirin-engine-st.wasm')) return 'not built';
  return null;
}

/** The table size: smaller on phones and small devices, whose tabs are killed for memory. */
export function defaultHashMb(): number {
  const memory = (navigator as { deviceMemory?: number }).deviceMemory;
  const phone = matchMedia?.('(pointer: coarse)').matches && Math.min(screen.width, screen.height) < 600;
  return phone || (memory !== undefined && memory <= 2) ? 16 : 64;
}

interface Job {
  events: AnalysisEvents;
  best: string | null;
  lines: number;
  stopped: boolean;
  error?: string; // what the engine refused (a position, an option): its answer is no move
}

export class BrowserEngine implements Engine {
  readonly where = 'browser' as const;
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private threaded = false;
  private rules = ''; // the setup the engine holds (its key)
  private busy = false; // a search or solve runs (its answer is still to come)
  private job: Job | null = null;
  private dropAnswers = 0; // answers of searches given up (stopped before their bestmove)
  private mate: { resolve(a: MateAnswer): void; reject(e: Error): void; info: string | null; movetime: number; error?: string } | null = null;
  private failed: ((e: Error) => void) | null = null;

  constructor(readonly hashMb: number = defaultHashMb(), private readonly wantThreads = threadsAvailable()) {}

  /** One: Kirin searches on one thread, natively too. What the threads build adds is that the
   * engine reads `stop` while it thinks (`responsive`). */
  readonly threads = 1;
  get responsive(): boolean {
    return this.threaded;
  }

  /** Starts the worker and its engine (once); rejects if the wasm cannot start. */
  start(): Promise<void> {
    if (this.ready) return this.ready;
    const threads = this.wantThreads && !!file('kirin-engine-mt.js');
    const name = threads ? 'kirin-engine-mt' : 'kirin-engine-st';
    const init: WorkerInit = { type: 'init', threads, hashMb: this.hashMb, js: file(`${name}.js`)!, wasm: file(`${name}.wasm`)!, pthreadWorker: file(`${name}.worker.js`) };
    this.ready = new Promise<void>((resolve, reject) => {
      const worker = new Worker(new URL('./worker.ts', import.meta.url));
      this.worker = worker;
      this.failed = reject;
      worker.onmessage = (e: MessageEvent<FromWorker>) => {
        const msg = e.data;
        if (msg.type === 'ready') {
          this.threaded = msg.threads;
          resolve();
        } else if (msg.type === 'error') {
          this.fail(new Error(msg.message));
        } else {
          this.onLine(msg.line);
        }
      };
      worker.onerror = (e) => this.fail(new Error(e.message || 'the engine worker failed'));
      worker.postMessage(init);
    });
    this.ready.catch(() => undefined);
    return this.ready;
  }

  analyse(job: AnalysisJob, events: AnalysisEvents): RunningAnalysis {
    this.abandon();
    const mine: Job = { events, best: null, lines: 0, stopped: false };
    this.job = mine;
    this.start().then(() => {
      if (this.job !== mine) return;
      // With no limit, a time cap all the same, so that a page left open does not drain a
      // battery: five minutes, and one with one thread (which the page stops by ending it).
      const go = job.nodes ? `go nodes ${job.nodes}` : job.movetime ? `go movetime ${job.movetime}` : job.depth ? `go depth ${job.depth}`
        : `go movetime ${this.threaded ? 300000 : 60000}`;
      this.setUp(job);
      this.send(`setoption name MultiPV value ${job.multipv ?? 1}`);
      this.send(position(job));
      this.busy = true;
      events.started?.();
      this.send(go);
    }, (e: Error) => {
      if (this.job === mine) {
        this.job = null;
        events.error(e.message);
      }
    });
    return {
      stop: () => {
        if (this.job !== mine || mine.stopped) return;
        mine.stopped = true;
        if (!this.busy) {
          this.job = null;
          events.done('stopped', mine.best);
        } else if (this.threaded) {
          this.send('stop'); // its bestmove ends the job
        } else {
          // The one-thread engine cannot read `stop` while it searches: its worker goes.
          this.restart();
          events.done('stopped', mine.best);
        }
      },
    };
  }

  findMate(req: MateRequest, options?: { defend?: boolean }): Promise<MateAnswer> {
    this.abandon();
    return this.start().then(() => new Promise<MateAnswer>((resolve, reject) => {
      const movetime = req.movetime_ms ?? 3000;
      this.mate = { resolve, reject, info: null, movetime };
      this.setUp(req);
      this.send(position(req));
      this.busy = true;
      this.send(`go mate ${movetime}${options?.defend ? ' defend' : ''}`);
    }));
  }

  dispose(): void {
    this.abandon();
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
  }

  /** Whatever runs is given up: its answer will be dropped. */
  private abandon(): void {
    if (this.job) {
      const old = this.job;
      this.job = null;
      if (!old.stopped) old.events.done('stopped', old.best);
    }
    if (this.mate) {
      this.mate.reject(new Error('stopped'));
      this.mate = null;
    }
    if (!this.busy) return;
    if (this.threaded) {
      this.dropAnswers++;
      this.busy = false;
      this.send('stop');
    } else {
      this.restart();
    }
  }

  /** A new worker in place of one that is busy (the one-thread build); the engine's files come
   * from the browser's cache, its table starts empty. */
  private restart(): void {
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    this.busy = false;
    this.rules = '';
    this.dropAnswers = 0;
  }

  private fail(e: Error): void {
    this.failed?.(e);
    // A worker that failed is not used again: the next search starts a new one.
    this.worker?.terminate();
    this.worker = null;
    this.ready = null;
    this.rules = '';
    this.dropAnswers = 0;
    const job = this.job;
    this.job = null;
    job?.events.error(e.message);
    this.mate?.reject(e);
    this.mate = null;
    this.busy = false;
  }

  private send(line: string): void {
    this.worker?.postMessage({ type: 'cmd', line });
  }

  /** The game and its rules, when they differ from what the engine holds. Naming another game
   * first makes the engine drop an earlier profile and options (protocol/usi_engine). */
  private setUp(req: AnalysisJob): void {
    const options = Array.isArray(req.options) ? req.options : Object.entries(req.options ?? {});
    const key = JSON.stringify([req.variant, req.profile ?? '', options, req.drops ?? null]);
    if (key === this.rules) return;
    this.send(`setoption name UCI_Variant value ${req.variant === 'shogi' ? 'chu' : 'shogi'}`);
    this.send(`setoption name UCI_Variant value ${req.variant}`);
    if (req.profile) this.send(`setoption name Profile value ${req.profile}`);
    for (const [name, value] of options) this.send(`setoption name Option_${name} value ${String(value)}`);
    if (req.drops !== undefined && req.drops !== null) this.send(`setoption name Option_drops value ${req.drops}`);
    this.rules = key;
  }

  private onLine(line: string): void {
    if (line.startsWith('bestmove ')) {
      this.busy = false;
      if (this.dropAnswers > 0) {
        this.dropAnswers--;
        return;
      }
      const job = this.job;
      if (!job) return;
      this.job = null;
      const move = line.split(/\s+/)[1] ?? null;
      if (job.error) job.events.error(job.error);
      else if (move === 'resign' && job.lines === 0) job.events.done('game_over', null);
      else job.events.done(job.stopped ? 'stopped' : 'finished', move === 'resign' ? job.best : move);
    } else if (line.startsWith('checkmate')) {
      this.busy = false;
      if (this.dropAnswers > 0) {
        this.dropAnswers--;
        return;
      }
      const mate = this.mate;
      this.mate = null;
      if (mate?.error) mate.reject(new Error(mate.error));
      else mate?.resolve(parseMate(mate.info, line, mate.movetime));
    } else if (line.startsWith('info ')) {
      if (this.dropAnswers > 0) return;
      if (this.mate) {
        if (line.startsWith('info nodes ')) this.mate.info = line;
        else if (line.startsWith('info string error: ')) this.mate.error ??= line.slice('info string error: '.length);
        return;
      }
      const info: EngineLine | null = parseInfo(line);
      const job = this.job;
      if (!info || !job) {
        if (job && line.startsWith('info string error: ')) job.error ??= line.slice('info string error: '.length);
        return;
      }
      job.lines++;
      if ((info.multipv ?? 1) === 1 && info.pv[0]) job.best = info.pv[0];
      job.events.info(info);
    }
  }
}

function position(req: AnalysisJob): string {
  const moves = req.moves?.length ? ` moves ${req.moves.join(' ')}` : '';
  return req.sfen ? `position sfen ${req.sfen}${moves}` : `position startpos${moves}`;
}
