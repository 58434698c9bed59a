// The settings page's account section (signed in): password, e-mail, the mail and message
// settings the server keeps, this browser's notifications, and closing the account.
import { api } from '../api/client';
import type { Preferences } from '../api/types';
import { lang, t } from '../i18n';
import { h } from '../render/svg';
import { navigate } from '../router';
import { session } from '../session';
import { setNotify, notifyState, type NotifyState } from '../ui/browserNotify';
import { busy, loading, notice } from '../ui/notice';
import { playerLink } from '../ui/rating';
import { gameName, variantDetail, variantList } from '../variants';

const passwordInput = (id: string, autocomplete: string) =>
  h('input', { id, name: id, type: 'password', autocomplete, required: true, minlength: id === 'account-new-password' ? 8 : undefined });

export function accountSection(): HTMLElement {
  const err = notice('error');
  const ok = notice('success');
  const report = (text: string) => {
    ok.clear();
    err.show(text);
  };
  const done = (text: string) => {
    err.clear();
    ok.show(text);
  };
  const who = h('p', { class: 'muted' });
  const showWho = () => { who.textContent = session.user ? t('account.signedInAs', { name: session.user.name, email: session.user.email }) : ''; };
  showWho();

  const oldPw = passwordInput('account-old-password', 'current-password');
  const newPw = passwordInput('account-new-password', 'new-password');
  const passwordForm = h('form', { class: 'account-form', 'data-form': 'password' },
    h('h3', {}, t('account.password')),
    h('label', { for: 'account-old-password' }, t('account.oldPassword')), oldPw,
    h('label', { for: 'account-new-password' }, t('account.newPassword')), newPw,
    h('small', { class: 'muted', id: 'account-new-password-hint' }, t('auth.passwordRule')),
    h('button', { type: 'submit' }, t('account.save')));
  newPw.setAttribute('aria-describedby', 'account-new-password-hint');
  passwordForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(passwordForm.querySelector('button'), async () => {
      await api.changePassword(oldPw.value, newPw.value);
      passwordForm.reset();
      done(t('account.passwordChanged'));
    }, report);
  });

  const emailPw = passwordInput('account-email-password', 'current-password');
  const email = h('input', { id: 'account-email', name: 'email', type: 'email', autocomplete: 'email', required: true });
  const emailForm = h('form', { class: 'account-form', 'data-form': 'email' },
    h('h3', {}, t('account.email')),
    h('label', { for: 'account-email' }, t('account.newEmail')), email,
    h('label', { for: 'account-email-password' }, t('account.oldPassword')), emailPw,
    h('button', { type: 'submit' }, t('account.save')));
  emailForm.addEventListener('submit', (e) => {
    e.preventDefault();
    void busy(emailForm.querySelector('button'), async () => {
      const r = await api.changeEmail(emailPw.value, email.value);
      if (session.user) session.user.email = r.user.email;
      emailForm.reset();
      showWho();
      done(t('account.emailChanged', { email: r.user.email }));
    }, report);
  });

  // The server's mail and message settings, read when the section opens.
  const serverBox = (id: string, label: string, field: keyof Pick<Preferences, 'turn_mail' | 'accept_messages' | 'message_mail'>) => {
    const input = h('input', { type: 'checkbox', id, disabled: true });
    input.addEventListener('change', () => {
      void busy(null, async () => {
        await api.setPreferences({ [field]: input.checked });
        done(t('settings.saved'));
      }, report);
    });
    return { input, el: h('label', { class: 'radio', for: id }, input, h('span', {}, label)), field };
  };
  const boxes = [
    serverBox('pref-turn-mail', t('account.turnMail'), 'turn_mail'),
    serverBox('pref-accept-messages', t('account.acceptMessages'), 'accept_messages'),
    serverBox('pref-message-mail', t('account.messageMail'), 'message_mail'),
  ];
  // The rule profile each game's challenges are played under when they name none
  // (Preferences.profiles): a select per game that has profiles.
  const profiles = h('fieldset', { class: 'radio-group challenge-profiles', 'data-form': 'profiles', hidden: true },
    h('legend', {}, t('settings.profiles')),
    h('small', { class: 'muted' }, t('settings.profilesHelp'), ' ', h('code', { lang: 'en' }, 'GAME set USER PASSWORD profile=NAME')));
  const drawProfiles = async (mine: Record<string, string>) => {
    for (const summary of await variantList()) {
      if (typeof summary.default_profile !== 'string') continue;  // a game without profiles
      const detail = await variantDetail(summary.id);
      if (!detail?.profiles?.length) continue;
      const id = `pref-profile-${summary.id}`;
      const select = h('select', { id, 'data-game': summary.id },
        h('option', { value: '' }, detail.default_profile ? t('lobby.defaultProfile', { profile: detail.default_profile }) : t('lobby.default')),
        detail.profiles.map((p) => h('option', { value: p.name, selected: mine[summary.id] === p.name }, p.name)));
      select.addEventListener('change', () => void busy(null, async () => {
        const saved = await api.setPreferences({ profiles: { [summary.id]: select.value } });
        session.profiles = saved.profiles ?? {};
        done(t('settings.saved'));
      }, report));
      profiles.append(h('label', { class: 'field', for: id }, h('span', {}, gameName(detail)), select));
      profiles.hidden = false;
    }
  };
  void api.me().then((me) => {
    for (const b of boxes) {
      b.input.checked = me.preferences[b.field];
      b.input.disabled = false;
    }
    return drawProfiles(me.preferences.profiles ?? {});
  }).catch((e: unknown) => report(String((e as Error).message)));

  // This browser's notifications: the permission is asked by this click, never before.
  const notifyNote = h('small', { class: 'muted', hidden: true });
  const notifyBox = h('input', { type: 'checkbox', id: 'pref-notify', checked: notifyState() === 'on', disabled: notifyState() === 'unsupported' });
  const showNotify = (state: NotifyState) => {
    notifyBox.checked = state === 'on';
    notifyNote.hidden = state !== 'denied' && state !== 'unsupported';
    notifyNote.textContent = state === 'denied' ? t('account.notifyDenied') : state === 'unsupported' ? t('account.notifyUnsupported') : '';
  };
  showNotify(notifyState());
  notifyBox.addEventListener('change', () => void setNotify(notifyBox.checked).then(showNotify));

  const closePw = passwordInput('account-close-password', 'current-password');
  const closeForm = h('form', { class: 'account-form danger', 'data-form': 'close' },
    h('h3', {}, t('account.close')),
    h('p', { class: 'muted small' }, t('account.closeText')),
    h('label', { for: 'account-close-password' }, t('account.oldPassword')), closePw,
    h('button', { type: 'submit', class: 'danger' }, t('account.closeButton')));
  closeForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (!confirm(t('account.closeConfirm', { name: session.name ?? '' }))) return;
    void busy(closeForm.querySelector('button'), async () => {
      await api.closeAccount(closePw.value);
      session.clear();
      navigate('/');
    }, report);
  });

  // The players this one blocks, each with Unblock (GET /api/me/blocks).
  const blockList = h('ul', { class: 'blocked-list', 'aria-labelledby': 'blocks-title' });
  const blocks = h('section', { class: 'account-form blocks', 'data-form': 'blocks' }, h('h3', { id: 'blocks-title' }, t('blocks.title')), loading(), blockList);
  const drawBlocks = () => api.blocks().then((r) => {
    blocks.querySelector('.loading')?.remove();
    blockList.replaceChildren(...(r.blocks.length ? r.blocks.map((b) => {
      const unblock = h('button', { type: 'button', class: 'small unblock', 'data-user': b.name }, t('mod.unblock'));
      unblock.addEventListener('click', () => void busy(unblock, async () => {
        await api.unblock(b.name);
        done(t('mod.unblockDone', { name: b.name }));
        await drawBlocks();
      }, report));
      return h('li', { 'data-user': b.name }, h('span', {}, playerLink(b.name), ' ', h('small', { class: 'muted' }, t('blocks.since', { date: new Date(b.since).toLocaleDateString(lang()) }))), unblock);
    }) : [h('li', { class: 'muted' }, t('blocks.empty'))]));
  }, (e: unknown) => report(String((e as Error).message)));
  void drawBlocks();

  return h('section', { class: 'account-settings', 'aria-labelledby': 'account-title' },
    h('h2', { id: 'account-title' }, t('account.title')), who, err.el, ok.el,
    h('div', { class: 'account-grid' },
      passwordForm, emailForm,
      h('fieldset', { class: 'radio-group' }, h('legend', {}, t('account.mail')),
        ...boxes.map((b) => b.el),
        h('label', { class: 'radio', for: 'pref-notify' }, notifyBox, h('span', {}, t('account.browserNotify'))), notifyNote),
      profiles, blocks, closeForm));
}
