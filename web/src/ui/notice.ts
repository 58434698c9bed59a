// Messages for people: a page-level error/info line and small helpers for buttons that run a
// request (disabled and marked busy while it runs, the server's message shown on failure).
import { errorMessage } from '../api/client';
import { lang, t } from '../i18n';
import { h } from '../render/svg';

export function notice(kind: 'error' | 'info' | 'success' = 'error'): { el: HTMLElement; show: (text: string) => void; clear: () => void } {
  const el = h('div', { class: `notice ${kind}`, role: kind === 'error' ? 'alert' : 'status', hidden: true });
  return {
    el,
    show(text: string) {
      el.textContent = text;
      el.hidden = false;
    },
    clear() {
      el.textContent = '';
      el.hidden = true;
    },
  };
}

/** Runs an action for a button: busy while it runs, errors reported through `report`. */
export async function busy<T>(button: HTMLButtonElement | null, action: () => Promise<T>, report: (message: string) => void): Promise<T | undefined> {
  if (button) {
    button.disabled = true;
    button.setAttribute('aria-busy', 'true');
  }
  try {
    return await action();
  } catch (e) {
    report(errorMessage(e));
    return undefined;
  } finally {
    if (button) {
      button.disabled = false;
      button.removeAttribute('aria-busy');
    }
  }
}

export function loading(text = t('ui.loading')): HTMLElement {
  return h('div', { class: 'loading', role: 'status' }, h('span', { class: 'spinner', 'aria-hidden': 'true' }), text);
}

let toastHost: HTMLElement | null = null;
/** A short message in the corner that goes away by itself. */
export function toast(text: string | Node, kind: 'error' | 'info' = 'info'): void {
  if (!toastHost) {
    toastHost = h('div', { class: 'toasts', 'aria-live': 'polite' });
    document.body.append(toastHost);
  }
  const el = h('div', { class: `toast ${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text);
  toastHost.append(el);
  window.setTimeout(() => el.remove(), kind === 'error' ? 8000 : 4000);
}

export function timeAgo(ms: number): string {
  const s = Math.round((Date.now() - ms) / 1000);
  if (s < 60) return t('ui.justNow');
  if (s < 3600) return t('ui.minutesAgo', { n: Math.floor(s / 60) });
  if (s < 86400) return t('ui.hoursAgo', { n: Math.floor(s / 3600) });
  return new Date(ms).toLocaleDateString(lang());
}
