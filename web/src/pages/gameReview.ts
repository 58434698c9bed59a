// A finished game's computer analysis on the analysis board (issue 33; lishogi's "request a
// computer analysis"): the engine evaluates every position of the game at a fixed number of
// nodes (so that browsers and the server agree), the server judges the evaluations (keeps them
// when a player of the game asks, reviews them for anyone else) and the page shows its
// judgment: the evaluation graph under the board, the marks in the move list, a summary per
// player and the marked moves with the better move. A kept analysis shows to everyone at once.
import { errorMessage, ApiError } from '../api/client';
import { keepAnalysis, keptAnalysis, reviewAnalysis, type GameAnalysis, type JudgedMove, type PositionEval } from '../api/gameAnalysis';
import type { AnalysisRequest, Color, GameView } from '../api/types';
import { engineFor } from '../engine/choose';
import type { Engine, EngineLine, RunningAnalysis } from '../engine/engine';
import { positionEval } from '../engine/positionEval';
import { t } from '../i18n';
import { formatScore } from '../render/evalBar';
import type { PieceCatalog } from '../render/pieces';
import { h } from '../render/svg';
import { session } from '../session';
import { formatMove } from '../shogi/notation';
import type { Position } from '../shogi/sfen';
import { parseUsi, type UsiMove } from '../shogi/usi';
import { EvalGraph, type GraphPoint } from '../ui/evalGraph';
import { notice } from '../ui/notice';
import './gameReview.css';

/** The engine's budget per position: fixed nodes, the user's choice, kept in this browser. */
const STRENGTHS = [50_000, 200_000, 1_000_000] as const;
const STRENGTH_KEY = 'kirin.reviewNodes';

export interface ReviewSetup {
  game: GameView;
  /** The game's positions (the start first) and its moves, read. */
  positions: Position[];
  parsed: UsiMove[];
  catalog: PieceCatalog;
  setup: Pick<AnalysisRequest, 'profile' | 'options' | 'drops' | 'handicap'>;
  /** Shows the game's own line at `ply` on the board. */
  goTo(ply: number): void;
  /** Draws the page again (the move list takes the marks). */
  redraw(): void;
}

/** A kept position's score as the engine box writes it ("+0.38", "-M3"); "–" for none. */
function scoreOf(p: GameAnalysis['positions'][number] | undefined): string {
  return p ? formatScore({ cp: p.cp, mate: p.mate, bound: '' }) : '–';
}

export class GameReview {
  /** The graph, under the board. */
  readonly graph: HTMLElement;
  /** The card beside it: the button, the progress, the summary and the marked moves. */
  readonly el: HTMLElement;
  private readonly evalGraph: EvalGraph;
  private readonly err = notice('error');
  private analysis: GameAnalysis | null = null;
  private running: { stop(): void } | null = null;
  private progress = { done: 0, total: 0 };
  private status = '';
  private pending: PositionEval[] | null = null; // evaluated, not yet judged (a failed send)
  private pendingNodes = 0;
  private disposed = false;
  private readonly mine: Color | null;

  constructor(private readonly s: ReviewSetup) {
    this.evalGraph = new EvalGraph((p) => s.goTo(p), t('review.graphLabel'));
    this.graph = h('div', { class: 'review-graph', hidden: true }, this.evalGraph.el);
    this.el = h('section', { class: 'card game-review', 'aria-live': 'polite', hidden: s.game.status !== 'finished' });
    const me = session.name?.toLowerCase();
    this.mine = !me ? null : s.game.black.name.toLowerCase() === me ? 'black' : s.game.white.name.toLowerCase() === me ? 'white' : null;
    this.draw();
    if (s.game.status === 'finished' && s.game.analysed) void this.load();
  }

  dispose(): void {
    this.disposed = true;
    this.running?.stop();
    this.evalGraph.dispose();
  }

  private async load(): Promise<void> {
    try {
      const kept = await keptAnalysis(this.s.game.id);
      if (this.disposed) return;
      if (kept) this.show(kept);
    } catch (e) {
      if (!this.disposed) this.err.show(t('review.failed', { message: errorMessage(e) }));
    }
    this.draw();
  }

  /** The board shows `ply` of `moves`: the graph's line and the move list's marks follow. */
  update(ply: number, moveList: HTMLElement, moves: readonly string[]): void {
    this.evalGraph.setPly(ply);
    if (!this.analysis) return;
    const game = this.s.game.moves;
    for (const m of this.analysis.moves) {
      if (!m.mark || moves[m.ply - 1] !== game[m.ply - 1]?.usi) continue;
      const button = moveList.querySelector(`li[data-ply="${m.ply}"] button`);
      if (!button || button.querySelector('.review-glyph')) continue;
      button.append(h('span', { class: `review-glyph mark-${m.mark}`, title: this.markTitle(m) }, m.glyph ?? ''));
    }
  }

  private show(a: GameAnalysis): void {
    this.analysis = a;
    this.pending = null;
    const points: GraphPoint[] = a.positions.map((p, i) => {
      const m = i > 0 ? a.moves[i - 1] : undefined;
      const score = p ? scoreOf(p) : '';
      return { win: p ? p.win : null, mark: m?.mark ?? null, label: i === 0 ? `${t('review.start')} ${score}` : `${i}. ${this.moveText(i - 1, a.moves[i - 1]!.usi)}${m?.glyph ?? ''} ${score}` };
    });
    this.evalGraph.set(points);
    this.graph.hidden = false;
    this.s.redraw(); // the move list takes the marks
  }

  /** The move `usi` from position `index` in the user's notation (USI if it does not read). */
  private moveText(index: number, usi: string): string {
    const pos = this.s.positions[index];
    if (!pos) return usi;
    try {
      return formatMove(pos, parseUsi(pos, usi), session.prefs.notation, this.s.catalog, session.prefs.coords);
    } catch {
      return usi;
    }
  }

  private markTitle(m: JudgedMove): string {
    const parts = [t(`review.mark.${m.mark!}`)];
    if (m.mate === 'mate_created') parts.push(t('review.mateCreated'));
    if (m.mate === 'mate_lost') parts.push(t('review.mateLost'));
    if (m.best) parts.push(t('review.best', { move: this.moveText(m.ply - 1, m.best) }));
    return parts.join(' · ');
  }

  private nodes(): number {
    const saved = Number(localStorage.getItem(STRENGTH_KEY));
    return (STRENGTHS as readonly number[]).includes(saved) ? saved : STRENGTHS[1];
  }

  private draw(): void {
    const rows: Array<HTMLElement | null> = [h('h2', {}, t('review.title')), this.err.el];
    if (this.analysis) rows.push(...this.summary(this.analysis));
    else if (this.running) rows.push(this.progressView());
    else rows.push(...this.requestView());
    if (this.status) rows.push(h('p', { class: 'muted review-status' }, this.status));
    this.el.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
  }

  private requestView(): HTMLElement[] {
    const strength = h('select', { class: 'review-strength', 'aria-label': t('review.strength'), onchange: (e: Event) => localStorage.setItem(STRENGTH_KEY, (e.target as HTMLSelectElement).value) },
      STRENGTHS.map((n, i) => h('option', { value: String(n), selected: n === this.nodes() }, t(`review.strength${i}` as 'review.strength0'))));
    const request = h('button', { type: 'button', class: 'primary review-request', onclick: () => void this.run() }, this.pending ? t('review.retry') : t('review.request'));
    return [
      h('p', { class: 'muted' }, this.mine ? t('review.introPlayer') : t('review.introViewer')),
      h('div', { class: 'review-actions' }, h('label', {}, t('review.strength'), ' ', strength), request),
    ];
  }

  private progressView(): HTMLElement {
    const { done, total } = this.progress;
    return h('div', { class: 'review-progress' },
      h('progress', { max: total, value: done, 'aria-label': t('review.title') }),
      h('span', { class: 'review-count' }, t('review.progress', { n: Math.min(done + 1, total), total })),
      h('button', { type: 'button', class: 'review-cancel', onclick: () => this.cancel() }, t('review.cancel')));
  }

  private summary(a: GameAnalysis): HTMLElement[] {
    const g = this.s.game;
    const players: Array<[Color, string]> = [['black', `☗ ${g.black.name}`], ['white', `☖ ${g.white.name}`]];
    const row = (label: string, cls: string, cell: (c: Color) => string) =>
      h('tr', { class: cls }, h('th', { scope: 'row' }, label), ...players.map(([c]) => h('td', { 'data-color': c }, cell(c))));
    const table = h('table', { class: 'review-summary' },
      h('thead', {}, h('tr', {}, h('th', {}), ...players.map(([c, name]) => h('th', { scope: 'col', class: c }, name)))),
      h('tbody', {},
        row(`${t('review.inaccuracies')} ?!`, 'mark-inaccuracy', (c) => String(a.players[c].inaccuracies)),
        row(`${t('review.mistakes')} ?`, 'mark-mistake', (c) => String(a.players[c].mistakes)),
        row(`${t('review.blunders')} ??`, 'mark-blunder', (c) => String(a.players[c].blunders)),
        row(t('review.acpl'), 'acpl', (c) => a.players[c].acpl?.toString() ?? '–'),
        row(t('review.accuracy'), 'accuracy', (c) => (a.players[c].accuracy !== null ? `${Math.round(a.players[c].accuracy!)}%` : '–'))));
    const marked = a.moves.filter((m) => m.mark);
    const list = marked.length
      ? h('ol', { class: 'review-moves' }, marked.map((m) => h('li', { class: `mark-${m.mark}`, 'data-ply': m.ply },
        h('button', { type: 'button', onclick: () => this.s.goTo(m.ply) },
          h('span', { class: 'review-move' }, `${m.ply}. ${m.color === 'black' ? '☗' : '☖'}${this.moveText(m.ply - 1, m.usi)}`),
          h('span', { class: `review-glyph mark-${m.mark}` }, m.glyph ?? ''), ' ',
          h('span', { class: 'review-scores' }, `(${scoreOf(a.positions[m.ply - 1])} → ${scoreOf(a.positions[m.ply])})`), ' ',
          h('span', { class: 'review-mark' }, this.markTitle(m))))))
      : h('p', { class: 'muted' }, t('review.noMarks'));
    const by = a.stored && a.by ? t('review.keptBy', { name: a.by.name, nodes: a.nodes.toLocaleString() }) : t('review.notKept');
    return [table, h('h3', {}, t('review.markedMoves')), list, h('p', { class: 'muted small review-by' }, by)];
  }

  private cancel(): void {
    this.running?.stop();
    this.running = null;
    this.status = t('review.cancelled');
    this.draw();
  }

  /** Evaluates every position, then asks the server to judge (keep, for a player). */
  private async run(): Promise<void> {
    if (this.running) return;
    this.err.clear();
    this.status = '';
    let evals = this.pending;
    const nodes = evals ? this.pendingNodes : this.nodes();
    if (!evals) {
      let cancelled = false;
      let current: RunningAnalysis | null = null;
      const job = { stop: () => { cancelled = true; current?.stop(); } };
      this.running = job;
      this.progress = { done: 0, total: this.s.positions.length };
      this.draw();
      try {
        // The browser's engine, or the server's (which takes a node budget as time).
        const { engine, fallback } = await engineFor('review');
        if (fallback) this.status = fallback;
        evals = [];
        for (let i = 0; i < this.s.positions.length; ++i) {
          if (cancelled || this.disposed) return;
          evals.push(await this.evaluate(engine, i, nodes, (r) => (current = r)));
          this.progress.done = i + 1;
          this.draw();
        }
      } catch (e) {
        if (cancelled || this.disposed) return; // cancel() has drawn the page (a new run may have begun)
        this.err.show(t('review.failed', { message: errorMessage(e) }));
        this.running = null;
        this.draw();
        return;
      }
      if (cancelled || this.disposed) return;
      this.running = null;
    }
    this.pending = evals;
    this.pendingNodes = nodes;
    this.status = t('review.judging');
    this.draw();
    try {
      const upload = { nodes, positions: evals };
      let judged: GameAnalysis | null;
      try {
        judged = this.mine ? await keepAnalysis(this.s.game.id, upload) : await reviewAnalysis(this.s.game.id, upload);
      } catch (e) {
        // The other player's analysis was kept first: theirs is the game's.
        if (!(e instanceof ApiError && e.status === 409 && this.mine)) throw e;
        judged = await keptAnalysis(this.s.game.id);
      }
      if (this.disposed) return;
      this.status = '';
      if (judged) this.show(judged);
    } catch (e) {
      if (!this.disposed) {
        this.status = '';
        this.err.show(t('review.failed', { message: errorMessage(e) }));
      }
    }
    this.draw();
  }

  /** One position's evaluation from Black's view, or null where the game is over. */
  private evaluate(engine: Engine, index: number, nodes: number, started: (r: RunningAnalysis) => void): Promise<PositionEval> {
    const { game, setup } = this.s;
    const side = this.s.positions[index]!.side;
    return new Promise((resolve, reject) => {
      let last: EngineLine | null = null;
      started(engine.analyse({ variant: game.setup.game, sfen: game.start_sfen, moves: game.moves.slice(0, index).map((m) => m.usi), ...setup, nodes }, {
        info: (line) => {
          if ((line.multipv ?? 1) === 1 && line.pv.length) last = line;
        },
        done: (reason, best) => {
          if (reason === 'game_over') return resolve(null);
          if (reason === 'stopped') return reject(new Error(t('review.cancelled')));
          const e = positionEval(last, best, side);
          if (e) resolve(e);
          else reject(new Error(t('review.noScore', { n: index })));
        },
        error: (message) => reject(new Error(message)),
      }));
    });
  }
}
