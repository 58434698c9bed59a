// The two clocks of a game: the server's times at `now`, run down locally for the side to move
// until the next update. Correspondence games show the time left to the deadline in days/hours.
import type { Clock, Color, TimeControl } from './api/types';
import { t } from './i18n';
import { h } from './render/svg';

export function formatMs(ms: number, kind: TimeControl['kind']): string {
  const left = Math.max(0, ms);
  if (kind === 'correspondence') {
    const days = Math.floor(left / 86_400_000);
    const hours = Math.floor((left % 86_400_000) / 3_600_000);
    const minutes = Math.floor((left % 3_600_000) / 60_000);
    return days > 0 ? t('clock.daysHours', { d: days, h: hours }) : hours > 0 ? t('clock.hoursMinutes', { h: hours, m: minutes }) : t('clock.minutes', { m: minutes });
  }
  const s = Math.floor(left / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const tenths = left < 10_000 ? `.${Math.floor((left % 1000) / 100)}` : '';
  return (hh ? `${hh}:${String(mm).padStart(2, '0')}` : `${mm}`) + `:${String(ss).padStart(2, '0')}${tenths}`;
}

/** The time control a side plays under: after a berserk, no byoyomi, periods or increment. */
export function colourTimeControl(tc: TimeControl, berserked: boolean): TimeControl {
  return berserked && tc.kind === 'live' ? { ...tc, byoyomi_ms: 0, increment_ms: 0, periods: 0 } : tc;
}

/** In byoyomi, `rest` ms to the deadline over periods of `byoMs`: the running period's time
 * left and the periods left, that one counted (a period's very end still belongs to it). */
export function byoyomiNow(rest: number, byoMs: number): { periodMs: number; periods: number } {
  if (rest <= 0 || byoMs <= 0) return { periodMs: 0, periods: 0 };
  const periods = Math.ceil(rest / byoMs);
  return { periodMs: rest - (periods - 1) * byoMs, periods };
}

export class ClockView {
  readonly el: HTMLElement;
  private timer: number | undefined;
  private clock: Clock | null = null;
  private running: Color | null = null;
  private receivedAt = 0;
  private tc: TimeControl | null = null;

  constructor(readonly color: Color) {
    this.el = h('div', { class: 'clock', 'data-color': color, role: 'timer', 'aria-label': t(`clock.label.${color}`) });
  }

  update(clock: Clock | null, tc: TimeControl, running: Color | null): void {
    this.clock = clock;
    this.tc = tc;
    this.running = running;
    this.receivedAt = Date.now();
    window.clearInterval(this.timer);
    if (tc.kind === 'none' || !clock) {
      this.el.hidden = true;
      return;
    }
    this.el.hidden = false;
    this.draw();
    if (running === this.color) this.timer = window.setInterval(() => this.draw(), 100);
  }

  private left(): number {
    if (!this.clock || !this.tc) return 0;
    const base = this.color === 'black' ? this.clock.black_ms : this.clock.white_ms;
    if (this.running !== this.color) return base;
    return base - (Date.now() - this.receivedAt);
  }

  private draw(): void {
    if (!this.tc) return;
    const ms = this.left();
    const byo = this.tc.byoyomi_ms ?? 0;
    const periodsLeft = (this.color === 'black' ? this.clock?.black_periods : this.clock?.white_periods) ?? 1;
    const times = (n: number) => (n > 1 ? t('clock.periods', { n }) : '');
    let text = formatMs(ms, this.tc.kind);
    // In byoyomi: main time spent, a period runs (the server's deadline has the whole story:
    // the periods left end there, the running one first).
    if (ms <= 0 && byo > 0 && this.running === this.color && this.clock?.deadline) {
      const rest = this.clock.deadline - (this.clock.now + (Date.now() - this.receivedAt));
      const now = byoyomiNow(rest, byo);
      text = t('clock.byoyomi', { time: formatMs(now.periodMs, 'live') }) + times(now.periods);
    } else if (byo > 0 && this.tc.kind === 'live') {
      text += t('clock.byoyomiSuffix', { s: Math.round(byo / 1000) }) + times(periodsLeft);
    }
    this.el.textContent = text;
    this.el.classList.toggle('running', this.running === this.color);
    this.el.classList.toggle('low', this.tc.kind === 'live' && ms < 10_000 && byo === 0);
  }

  dispose(): void {
    window.clearInterval(this.timer);
  }
}

/** A time control for people: "15 min + 30 s byoyomi" (持ち時間15分 秒読み30秒), "5 min + 3 s a
 * move", "3 days a move". */
export function describeTimeControl(tc: TimeControl): string {
  if (tc.kind === 'none') return t('clock.none');
  if (tc.kind === 'correspondence') {
    if (!tc.days_per_move) return tc.text;
    return tc.days_per_move === 1 ? t('clock.oneDay') : t('clock.days', { n: tc.days_per_move });
  }
  const ms = tc.main_ms ?? 0;
  const main = ms % 60_000 === 0 ? t('clock.mainMinutes', { n: ms / 60_000 }) : t('clock.mainSeconds', { n: Math.round(ms / 1000) });
  if (tc.byoyomi_ms && (tc.periods ?? 1) > 1) return t('clock.withPeriods', { main, s: Math.round(tc.byoyomi_ms / 1000), n: tc.periods ?? 1 });
  if (tc.byoyomi_ms) return t('clock.withByoyomi', { main, s: Math.round(tc.byoyomi_ms / 1000) });
  if (tc.increment_ms) return t('clock.withIncrement', { main, s: Math.round(tc.increment_ms / 1000) });
  return t('clock.main', { main });
}
