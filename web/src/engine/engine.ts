// One way for the pages to use an engine, wherever it runs: in this browser (browserEngine.ts:
// Kirin compiled to WebAssembly, in a Web Worker) or on the server (serverEngine.ts: the
// WebSocket analysis and POST /api/mate). The pages ask `engineFor()` and never care which.
import type { AnalysisInfo, AnalysisRequest, MateAnswer, MateRequest } from '../api/types';

/** One iteration's line, as the server's analysis reports it (scores from the side to move's
 * point of view, `mate` in moves). */
export type EngineLine = Omit<AnalysisInfo, 'type' | 'id'>;

/** What to analyse and for how long: no limit means until stop() (the server caps it). */
export interface AnalysisJob extends AnalysisRequest {
  nodes?: number;
}

export interface AnalysisEvents {
  /** A line of the current search (several per iteration with multipv). */
  info(line: EngineLine): void;
  /** Waiting behind `ahead` other analyses (server only). */
  queued?(ahead: number): void;
  started?(): void;
  /** The search ended: `best` is its move (null when the game is over at the position). */
  done(reason: 'finished' | 'stopped' | 'game_over' | string, best: string | null, extra?: { result?: string; outcome?: { result: string; reason: string } }): void;
  error(message: string): void;
}

export interface RunningAnalysis {
  /** Ends the search; done() still comes (with reason "stopped") unless it already ended. */
  stop(): void;
}

export interface Engine {
  readonly where: 'browser' | 'server';
  /** Threads a search uses (browser: 1; server: its own affair, 0). */
  readonly threads: number;
  /** The engine reads `stop` while it thinks (the browser's threads build; the server's). A
   * one-thread browser engine is stopped by ending its worker, which drops its table. */
  readonly responsive: boolean;
  analyse(job: AnalysisJob, events: AnalysisEvents): RunningAnalysis;
  /** A mate by the side to move; with `defend`, by the other side (is the side to move mated
   * whatever it plays: the line starts with its longest defence, and with no mate it is the
   * refuting defence). The server's POST /api/mate does not take `defend`. */
  findMate(req: MateRequest, options?: { defend?: boolean }): Promise<MateAnswer>;
  /** Drops whatever the engine holds (a worker); the object is unusable after. */
  dispose(): void;
}
