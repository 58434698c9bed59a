// The Web Worker that runs Kirin's engine (src/wasm, built to web/src/engine/wasm/): USI lines in
// ({type:'cmd'}), USI lines out ({type:'line'}). browserEngine.ts starts it and says which build
// to load: with threads when the page is cross-origin isolated (SharedArrayBuffer), else the
// one-thread build, in which a search holds this worker until it ends.

interface EngineModule {
  _kirin_start(hashMb: number): number;
  _kirin_output(): number;
  ccall(name: string, ret: string, args: string[], values: unknown[]): number;
  UTF8ToString(ptr: number): string;
}
export interface WorkerInit {
  type: 'init';
  threads: boolean;
  hashMb: number;
  /** The build's files (hashed names from the web build). */
  js: string;
  wasm: string;
  pthreadWorker?: string;
}
export type ToWorker = WorkerInit | { type: 'cmd'; line: string };
export type FromWorker = { type: 'ready'; threads: boolean } | { type: 'line'; line: string } | { type: 'error'; message: string };

const scope = self as unknown as {
  postMessage(m: FromWorker): void;
  onmessage: ((e: MessageEvent<ToWorker>) => void) | null;
  importScripts(...urls: string[]): void;
  KirinEngine?: (init: object) => Promise<EngineModule>;
};

let engine: EngineModule | null = null;
const waiting: string[] = []; // commands that came before the engine was ready

function emit(text: string): void {
  for (const line of text.split('\n')) if (line) scope.postMessage({ type: 'line', line });
}

function command(line: string): void {
  engine!.ccall('kirin_command', 'number', ['string'], [line]);
  drain();
}

function drain(): void {
  const text = engine!.UTF8ToString(engine!._kirin_output());
  if (text) emit(text);
}

async function start(init: WorkerInit): Promise<void> {
  // The absolute address: the pthreads' own workers load the script again from it.
  const js = new URL(init.js, self.location.href).href;
  scope.importScripts(js);
  const factory = scope.KirinEngine;
  if (!factory) throw new Error('the engine script did not load');
  engine = await factory({
    locateFile: (path: string) => new URL(path.endsWith('.wasm') ? init.wasm : path.endsWith('.worker.js') ? init.pthreadWorker ?? path : path, self.location.href).href,
    mainScriptUrlOrBlob: js,
    onLine: emit, // the one-thread build writes each line at once
    print: (text: string) => emit(text),
    printErr: () => undefined,
  });
  if (engine._kirin_start(init.hashMb) !== 0) {
    drain();
    throw new Error('the engine did not start');
  }
  // The threads build writes from its own threads: its lines are collected here.
  if (init.threads) setInterval(drain, 15);
  scope.postMessage({ type: 'ready', threads: init.threads });
  for (const line of waiting.splice(0)) command(line);
}

scope.onmessage = (e) => {
  const msg = e.data;
  if (msg.type === 'init') {
    start(msg).catch((err: unknown) => scope.postMessage({ type: 'error', message: err instanceof Error ? err.message : String(err) }));
  } else if (msg.type === 'cmd') {
    if (engine) command(msg.line);
    else waiting.push(msg.line);
  }
};
