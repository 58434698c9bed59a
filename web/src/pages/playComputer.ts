// "Play the computer" on the analysis board: a casual game against the engine from the position
// shown, no account needed and nothing stored; with the browser engine (the default) it needs no
// server engine at all. The player takes a side; whenever the side to move is the computer's, it
// thinks for the chosen time and its move is played on the board. Taking a move back, or going
// back in the move list, is the board's own business: the computer answers wherever it is to move.
import type { AnalysisRequest } from '../api/types';
import { engineFor } from '../engine/choose';
import type { RunningAnalysis } from '../engine/engine';
import { t } from '../i18n';
import { h } from '../render/svg';

export interface PlayComputerHost {
  /** The position shown, as an analysis request (its game, start, moves and rules). */
  request(): AnalysisRequest;
  /** The side to move in the position shown. */
  sideToMove(): 'black' | 'white';
  /** The legal moves of the position shown, once known (none: the game is over there). */
  legalCount(): number | null;
  /** Plays the computer's move on the board after the position shown. */
  play(usi: string): void;
  /** The game against the computer begins, the player taking `side`: the host stops what would
   * spoil it (its analysis) and turns the board to the player's side. */
  starting(side: 'black' | 'white'): void;
}

/** How long the computer thinks a move (milliseconds), from the easiest. */
const THINK_MS = [300, 1000, 3000, 10000];

export class PlayComputerBox {
  readonly el = h('section', { class: 'card play-computer', 'aria-live': 'polite' });
  private computer: 'black' | 'white' | null = null; // the computer's side while a game is on
  private think = 1;
  private search: RunningAnalysis | null = null;
  private thinkingFor: string | null = null; // the position (its request) being thought about
  private status = '';
  private note = '';

  constructor(private host: PlayComputerHost) {
    this.draw();
  }

  get playing(): boolean {
    return this.computer !== null;
  }

  /** The position shown changed: the computer moves if it is its turn. */
  update(): void {
    if (!this.computer) return;
    const key = JSON.stringify(this.host.request());
    if (this.thinkingFor && this.thinkingFor !== key) this.cancel();
    const legal = this.host.legalCount();
    if (legal === 0) {
      this.cancel();
      this.status = t('analysis.computerGameOver');
    } else if (this.host.sideToMove() === this.computer) {
      if (!this.thinkingFor) void this.move(key);
    } else {
      this.status = t('analysis.computerYourMove');
    }
    this.draw();
  }

  stop(): void {
    this.cancel();
    this.computer = null;
    this.status = '';
    this.draw();
  }

  private begin(side: 'black' | 'white'): void {
    this.host.starting(side);
    this.computer = side === 'black' ? 'white' : 'black';
    this.status = '';
    this.update();
  }

  private cancel(): void {
    const s = this.search;
    this.search = null;
    this.thinkingFor = null;
    s?.stop();
  }

  private async move(key: string): Promise<void> {
    this.thinkingFor = key;
    this.status = t('analysis.computerThinking');
    this.draw();
    const { engine, fallback } = await engineFor('play');
    if (this.thinkingFor !== key) return;
    this.note = fallback ?? '';
    this.search = engine.analyse({ ...this.host.request(), movetime: THINK_MS[this.think] }, {
      info: () => undefined,
      done: (reason, best) => {
        if (this.thinkingFor !== key) return;
        this.search = null;
        this.thinkingFor = null;
        if (reason === 'game_over' || !best) {
          this.status = t('analysis.computerGameOver');
          this.draw();
        } else if (reason !== 'stopped') {
          this.host.play(best);
        }
      },
      error: (message) => {
        if (this.thinkingFor !== key) return;
        this.search = null;
        this.thinkingFor = null;
        this.status = t('engine.error', { message });
        this.draw();
      },
    });
  }

  private draw(): void {
    const strength = h('select', { class: 'computer-time', 'aria-label': t('analysis.computerTime'), onchange: (e: Event) => {
      this.think = Number((e.target as HTMLSelectElement).value);
    } }, THINK_MS.map((ms, i) => h('option', { value: String(i), selected: i === this.think }, t('analysis.computerSeconds', { s: ms / 1000 }))));
    const rows: HTMLElement[] = [h('div', { class: 'engine-head' }, h('h2', {}, t('analysis.computer')))];
    if (!this.computer) {
      rows.push(h('p', { class: 'muted' }, t('analysis.computerIntro')),
        h('div', { class: 'play-computer-start' },
          h('label', {}, t('analysis.computerTime'), ' ', strength),
          h('button', { type: 'button', class: 'play-black', onclick: () => this.begin('black') }, t('analysis.computerAsBlack')),
          h('button', { type: 'button', class: 'play-white', onclick: () => this.begin('white') }, t('analysis.computerAsWhite'))));
    } else {
      rows.push(h('p', { class: 'computer-status', 'data-thinking': this.thinkingFor ? 'true' : 'false' },
        this.thinkingFor ? h('span', { class: 'spinner', 'aria-hidden': 'true' }) : null, ' ', this.status),
        h('button', { type: 'button', class: 'computer-stop', onclick: () => this.stop() }, t('analysis.computerEnd')));
    }
    if (this.note) rows.push(h('p', { class: 'engine-fallback', role: 'status' }, this.note));
    this.el.replaceChildren(...rows);
  }
}
