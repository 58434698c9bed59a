// Sign up and log in.
import { api } from '../api/client';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, notice } from '../ui/notice';

function input(name: string, label: string, attrs: Record<string, string | number | boolean> = {}, hint?: string): HTMLElement {
  const hintId = `auth-${name}-hint`;
  return h('div', { class: 'field' }, h('label', { for: `auth-${name}` }, label),
    h('input', { id: `auth-${name}`, name, required: true, ...(hint ? { 'aria-describedby': hintId } : {}), ...attrs }),
    hint ? h('small', { class: 'muted', id: hintId }, hint) : null);
}

export function authPage(mode: 'login' | 'signup') {
  return (root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page => {
    const err = notice('error');
    const next = query.get('next') ?? '/';
    const action = mode === 'login' ? t('auth.logIn') : t('auth.signUp');
    const submit = h('button', { type: 'submit', class: 'primary' }, action);
    const form = h('form', { class: 'auth-form', 'aria-label': action },
      input('name', t('auth.userName'), { autocomplete: 'username', minlength: 2, maxlength: 24, pattern: '[A-Za-z][A-Za-z0-9_\\-]{1,23}', title: t('auth.userNameRule') }),
      mode === 'signup' ? input('email', t('auth.email'), { type: 'email', autocomplete: 'email' }) : null,
      input('password', t('auth.password'), { type: 'password', autocomplete: mode === 'login' ? 'current-password' : 'new-password', minlength: mode === 'signup' ? 8 : 1 },
        // The server's rule (Accounts: length, variety, the commonest passwords, the name).
        mode === 'signup' ? t('auth.passwordRule') : undefined),
      err.el, submit,
      h('p', { class: 'muted' }, mode === 'login' ? [t('auth.noAccount'), ' ', h('a', { href: `/signup?next=${encodeURIComponent(next)}` }, t('auth.signUp'))] : [t('auth.haveAccount'), ' ', h('a', { href: `/login?next=${encodeURIComponent(next)}` }, t('auth.logIn'))]));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      err.clear();
      const data = new FormData(form);
      const name = String(data.get('name') ?? '').trim();
      const password = String(data.get('password') ?? '');
      void busy(submit, async () => {
        const r = mode === 'login' ? await api.login(name, password) : await api.signup(name, String(data.get('email') ?? '').trim(), password);
        await session.signIn(r.token, r.user);
        navigate(next.startsWith('/') ? next : '/');
      }, err.show);
    });
    root.append(h('div', { class: 'page narrow' }, h('h1', {}, mode === 'login' ? t('auth.logIn') : t('auth.createAccount')), form));
    (form.querySelector('input') as HTMLInputElement).focus();
    return {};
  };
}
