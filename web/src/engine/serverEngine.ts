// The server's engine behind the Engine interface: analyses over the WebSocket ({"op":
// "analyze"}), mates by POST /api/mate. The server queues, caps and may refuse both.
import { api } from '../api/client';
import type { MateAnswer, MateRequest } from '../api/types';
import { push } from '../api/ws';
import type { AnalysisEvents, AnalysisJob, Engine, RunningAnalysis } from './engine';

export class ServerEngine implements Engine {
  readonly where = 'server' as const;
  readonly threads = 0;
  readonly responsive = true;

  analyse(job: AnalysisJob, events: AnalysisEvents): RunningAnalysis {
    // The server counts no nodes: a node budget is asked as time (about 100k nodes a second
    // on one of its threads).
    const { nodes, ...request } = job;
    if (nodes && !request.movetime && !request.depth) request.movetime = Math.max(100, Math.round(nodes / 100));
    let ended = false;
    let best: string | null = null;
    const end = () => {
      ended = true;
    };
    const id = push.analyze(request, (msg) => {
      if (ended) return;
      switch (msg.type) {
        case 'analysis': {
          const { type: _t, id: _i, ...line } = msg;
          if ((line.multipv ?? 1) === 1 && line.pv[0]) best = line.pv[0];
          events.info(line);
          break;
        }
        case 'analysis_queued':
          events.queued?.(msg.ahead);
          break;
        case 'analysis_started':
          events.started?.();
          break;
        case 'analysis_done':
          end();
          events.done(msg.reason ?? 'finished', msg.reason === 'game_over' ? null : msg.best_move ?? best, { result: msg.result, outcome: msg.outcome });
          break;
        case 'error':
          end();
          events.error(msg.message);
          break;
      }
    });
    return {
      stop: () => {
        if (ended) return;
        end();
        push.stopAnalysis(id);
        events.done('stopped', best);
      },
    };
  }

  findMate(req: MateRequest, options?: { defend?: boolean }): Promise<MateAnswer> {
    if (options?.defend) return Promise.reject(new Error('the server solves a defence only in a problem\'s attempt'));
    return api.findMate(req);
  }

  dispose(): void {}
}
