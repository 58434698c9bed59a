// The two clocks of a game: the server's times at `now`, run down locally for the side to move
// until the next update. Correspondence games show the time left to the deadline in days/hours.
import type { Clock, Color, TimeControl } from './api/types';
import { h } from './render/svg';

export function formatMs(ms: number, kind: TimeControl['kind']): string {
  const t = Math.max(0, ms);
  if (kind === 'correspondence') {
    const days = Math.floor(t / 86_400_000);
    const hours = Math.floor((t % 86_400_000) / 3_600_000);
    const minutes = Math.floor((t % 3_600_000) / 60_000);
    return days > 0 ? `${days}d ${hours}h` : hours > 0 ? `${hours}h ${minutes}m` : `${minutes}m`;
  }
  const s = Math.floor(t / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = s % 60;
  const tenths = t < 10_000 ? `.${Math.floor((t % 1000) / 100)}` : '';
  return (hh ? `${hh}:${String(mm).padStart(2, '0')}` : `${mm}`) + `:${String(ss).padStart(2, '0')}${tenths}`;
}

export class ClockView {
  readonly el: HTMLElement;
  private timer: number | undefined;
  private clock: Clock | null = null;
  private running: Color | null = null;
  private receivedAt = 0;
  private tc: TimeControl | null = null;

  constructor(readonly color: Color) {
    this.el = h('div', { class: 'clock', 'data-color': color, role: 'timer', 'aria-label': `${color === 'black' ? 'Black' : 'White'}'s clock` });
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
    let text = formatMs(ms, this.tc.kind);
    // In byoyomi: main time spent, the period runs (the server's deadline has the whole story).
    if (ms <= 0 && byo > 0 && this.running === this.color && this.clock?.deadline) {
      const rest = this.clock.deadline - (this.clock.now + (Date.now() - this.receivedAt));
      text = `byoyomi ${formatMs(rest, 'live')}`;
    } else if (byo > 0 && this.tc.kind === 'live') {
      text += ` +${Math.round(byo / 1000)}s`;
    }
    this.el.textContent = text;
    this.el.classList.toggle('running', this.running === this.color);
    this.el.classList.toggle('low', this.tc.kind === 'live' && ms < 10_000 && byo === 0);
  }

  dispose(): void {
    window.clearInterval(this.timer);
  }
}

/** A time control for people: "15 min + 30 s byoyomi", "5 min + 3 s", "3 days a move". */
export function describeTimeControl(tc: TimeControl): string {
  if (tc.kind === 'none') return 'no clock';
  if (tc.kind === 'correspondence') return tc.days_per_move ? `${tc.days_per_move} day${tc.days_per_move === 1 ? '' : 's'} a move` : tc.text;
  const main = tc.main_ms ?? 0;
  const mainText = main % 60_000 === 0 ? `${main / 60_000} min` : `${Math.round(main / 1000)} s`;
  if (tc.byoyomi_ms) return `${mainText} + ${Math.round(tc.byoyomi_ms / 1000)} s byoyomi`;
  if (tc.increment_ms) return `${mainText} + ${Math.round(tc.increment_ms / 1000)} s a move`;
  return mainText;
}
