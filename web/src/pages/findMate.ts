// The analysis board's "find a mate": the mate solver on the position shown, for the side to
// move, in this browser or on the server (POST /api/mate), as engine/choose.ts decides. It
// answers mate in N with the line (each move clickable: the board plays the line through to
// it), no mate, or unknown when its time ran out.
import { errorMessage } from '../api/client';
import { BROWSER_MATE_MOVETIME_MS, engineFor } from '../engine/choose';
import type { AnalysisRequest, MateAnswer } from '../api/types';
import { t } from '../i18n';
import { h } from '../render/svg';
import './problems.css';

export interface FindMateHost {
  /** The question for the position shown: its game, start, moves and rules. */
  request(): AnalysisRequest;
  /** The moves of a line in the user's notation, from the position asked about, with the
   * side that plays each. */
  written(line: string[]): Array<{ text: string; side: string }>;
  /** Shows the position after `base` (the moves of the position asked about) and the first
   * `count` moves of `line`, keeping the answer. */
  playLine(base: string[], line: string[], count: number): void;
}

export class FindMateBox {
  readonly el = h('section', { class: 'card find-mate', 'aria-live': 'polite' });
  private answer: MateAnswer | null = null;
  private base: string[] = []; // the moves of the position the answer is about
  private asked: string | null = null; // the position asked about (its moves), while asking
  private error = '';
  private where = ''; // where the last answer was found
  private note = ''; // why not in the browser, when the user chose it
  private button = h('button', { type: 'button', class: 'find-mate-button', onclick: () => void this.find() }, t('problems.findMate'));

  constructor(private host: FindMateHost) {
    this.draw();
  }

  /** The position shown changed: the answer was about another. */
  reset(): void {
    this.answer = null;
    this.asked = null;
    this.error = '';
    this.draw();
  }

  private async find(): Promise<void> {
    const req = this.host.request();
    const key = JSON.stringify(req);
    this.asked = key;
    this.answer = null;
    this.error = '';
    this.draw();
    try {
      const { engine, fallback } = await engineFor('mate');
      this.note = fallback ?? '';
      // In the browser the solver runs on the user's own device: as long as the server's most.
      const answer = await engine.findMate(engine.where === 'browser' ? { ...req, movetime_ms: BROWSER_MATE_MOVETIME_MS } : req);
      if (this.asked !== key) return;
      this.where = engine.where === 'browser' ? t('engine.inBrowser') : t('engine.onServer');
      this.answer = answer;
      this.base = req.moves ?? [];
    } catch (e) {
      if (this.asked !== key) return;
      this.error = t('problems.mateFailed', { message: errorMessage(e) });
    }
    this.asked = null;
    this.draw();
  }

  private draw(): void {
    const running = this.asked !== null;
    this.button.disabled = running;
    const rows: Array<HTMLElement | null> = [h('div', { class: 'engine-head' }, h('h2', {}, t('problems.findMate')), this.button)];
    if (running) rows.push(h('p', { class: 'muted mate-running' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ', t('problems.finding')));
    const a = this.answer;
    if (a) {
      const stats = h('small', { class: 'muted' }, t('problems.mateStats', { nodes: a.nodes, ms: a.time_ms }));
      if (a.status === 'mate' && a.mate_in) {
        const line = a.line;
        const base = this.base;
        const written = this.host.written(line);
        rows.push(h('p', { class: 'mate-result', 'data-status': 'mate' }, h('strong', {}, t(a.exact ? 'problems.mateIn' : a.length === 'unbounded' ? 'problems.mateUnbounded' : 'problems.mateInAtMost', { n: a.mate_in, plies: 2 * a.mate_in - 1 })), ' ', stats));
        rows.push(h('ol', { class: 'move-list mate-line', 'aria-label': t('problems.mateLine') }, line.map((m, i) => h('li', { value: i + 1, class: written[i]?.side ?? '' },
          h('button', { type: 'button', title: m, onclick: () => this.host.playLine(base, line, i + 1) }, written[i]?.text ?? m)))));
        rows.push(h('p', { class: 'muted' }, t('problems.mateLine')));
      } else {
        const text = a.status === 'no_mate' ? t('problems.noMate') : t('problems.unknown', { s: Math.round(a.movetime_ms / 1000) });
        rows.push(h('p', { class: 'mate-result', 'data-status': a.status }, text, ' ', stats));
      }
    }
    if (a && this.where) rows.push(h('p', { class: 'muted engine-where' }, this.where));
    if (this.note) rows.push(h('p', { class: 'engine-fallback', role: 'status' }, this.note));
    if (this.error) rows.push(h('p', { class: 'error mate-error', role: 'alert' }, this.error));
    this.el.replaceChildren(...rows.filter((r): r is HTMLElement => r !== null));
  }
}
