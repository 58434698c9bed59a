// The evaluation bar beside the analysis board, and engine scores written for people. Scores
// arrive from the side to move's view; everything here is from Black's (sente's) view, as
// lishogi shows it: + good for Black.
import { t } from '../i18n';
import type { AnalysisInfo, Color } from '../api/types';
import { h } from './svg';

/** A score from Black's view: centipawns, or mate in moves (+: Black mates). */
export interface BlackScore {
  cp: number | null;
  mate: number | null;
  bound: '' | '≥' | '≤';
}

export function blackScore(info: Pick<AnalysisInfo, 'score_cp' | 'mate' | 'bound'>, toMove: Color): BlackScore {
  const sign = toMove === 'black' ? 1 : -1;
  const lower = info.bound === 'lower', upper = info.bound === 'upper';
  // A bound on the mover's score is the opposite bound from the other side's view.
  const bound = lower || upper ? ((lower === (sign > 0)) ? '≥' : '≤') : '';
  if (info.mate != null && info.mate !== 0) return { cp: null, mate: sign * info.mate, bound };
  return { cp: info.score_cp != null ? sign * info.score_cp : null, mate: null, bound };
}

/** "+0.38", "-1.20", "+M3", "-M2": pawns or mate in moves, from Black's view. */
export function formatScore(s: BlackScore): string {
  if (s.mate !== null) return `${s.mate > 0 ? '+' : '-'}M${Math.abs(s.mate)}`;
  if (s.cp === null) return '?';
  return `${s.bound}${s.cp >= 0 ? '+' : ''}${(s.cp / 100).toFixed(2)}`;
}

/** Black's share of the bar, 0 to 1: lishogi's winning-chance curve of centipawns. */
export function blackShare(s: BlackScore): number {
  if (s.mate !== null) return s.mate > 0 ? 1 : 0;
  if (s.cp === null) return 0.5;
  return 1 / (1 + Math.exp(-0.00368208 * s.cp));
}

/** A bar beside the board: Black's share from Black's edge (the bottom unless turned); on a
 * phone a strip below the board, Black's share from the left (the right when turned). */
export class EvalBar {
  readonly el: HTMLElement;
  private fill: HTMLElement;

  constructor() {
    this.fill = h('div', { class: 'eval-bar-fill' });
    this.el = h('div', { class: 'eval-bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100' }, this.fill);
    this.set(null, false);
  }

  set(score: BlackScore | null, blackAtTop: boolean): void {
    const share = score ? blackShare(score) : 0.5;
    this.el.classList.toggle('black-top', blackAtTop);
    this.el.classList.toggle('idle', !score);
    this.el.style.setProperty('--share', `${(share * 100).toFixed(1)}%`);
    this.el.setAttribute('aria-valuenow', (share * 100).toFixed(0));
    const text = score ? t('engine.barLabel', { score: formatScore(score) }) : t('engine.barIdle');
    this.el.setAttribute('aria-label', text);
    this.el.title = text;
  }
}
