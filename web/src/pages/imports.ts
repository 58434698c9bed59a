// Import a game record: paste it or choose a file (KIF, SFEN and USI moves, Game Courier's list),
// preview what the server reads (POST /api/import with preview), import it and open it on the
// analysis board (/analysis?import=ID). The server checks every move; its error is shown beside
// the field it names. The signed-in user's imported games are listed below.
import { api, ApiError, errorMessage } from '../api/client';
import type { ImportedGame, ImportRequest } from '../api/types';
import { lang, t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, notice } from '../ui/notice';
import { resultText } from '../ui/result';
import { gameName, variantList } from '../variants';

const FORMATS: Array<ImportRequest['format']> = ['kif', 'usi', 'gamecourier'];
const MAX_FILE_KIB = 48; // the server's default record size (docs/API.md, Limits)

function endingText(g: ImportedGame): string {
  if (g.ending === 'aborted') return resultText({ status: 'aborted', result: 'ongoing', reason: '', result_text: '' });
  if (g.result === 'ongoing') return t('import.none');
  return resultText({ status: 'finished', result: g.result, reason: g.ending, result_text: g.ending });
}

export function importPage(root: HTMLElement): Page {
  const page = h('div', { class: 'page import-page' }, h('h1', {}, t('import.title')));
  root.append(page);
  if (!session.signedIn) {
    page.append(h('p', {}, t('import.signIn'), ' ',
      h('a', { href: `/login?next=${encodeURIComponent('/import')}` }, t('nav.logIn'))));
    return {};
  }

  const err = notice('error');
  // Each field's error under it, as the server names the field ("move 57" and "line 3" are
  // the record's).
  const fieldError = (id: string) => h('p', { class: 'field-error', id, role: 'alert', hidden: true });
  const formatError = fieldError('import-format-error');
  const gameError = fieldError('import-game-error');
  const textError = fieldError('import-text-error');
  const errors = [formatError, gameError, textError];

  const formatSelect = h('select', { id: 'import-format', name: 'format', 'aria-describedby': 'import-format-error' },
    ...FORMATS.map((f) => h('option', { value: f }, t(`import.${f}`)))) as HTMLSelectElement;
  const gameSelect = h('select', { id: 'import-game', name: 'game', 'aria-describedby': 'import-game-error' },
    h('option', { value: '' }, t('import.gameFromRecord'))) as HTMLSelectElement;
  const text = h('textarea', { id: 'import-text', name: 'text', rows: 14, spellcheck: 'false', placeholder: t('import.placeholder'), 'aria-describedby': 'import-text-error' }) as HTMLTextAreaElement;
  const file = h('input', { id: 'import-file', type: 'file', name: 'file', accept: '.kif,.kifu,.txt,.usi,text/plain' }) as HTMLInputElement;
  const previewButton = h('button', { type: 'button', class: 'preview-button' }, t('import.preview')) as HTMLButtonElement;
  const importButton = h('button', { type: 'submit', class: 'primary import-button' }, t('import.import')) as HTMLButtonElement;
  const preview = h('section', { class: 'card import-preview', 'aria-live': 'polite', hidden: true });

  let names = new Map<string, string>();
  const request = (previewOnly: boolean): ImportRequest => ({
    format: formatSelect.value as ImportRequest['format'],
    text: text.value,
    game: gameSelect.value || undefined,
    preview: previewOnly,
  });
  const clearErrors = () => {
    err.clear();
    preview.hidden = true;
    for (const e of errors) e.hidden = true;
    for (const el of [formatSelect, gameSelect, text]) el.removeAttribute('aria-invalid');
  };
  const showError = (e: unknown) => {
    const field = e instanceof ApiError ? e.field : undefined;
    const [box, el] = field === 'format' ? [formatError, formatSelect] : field === 'game' ? [gameError, gameSelect]
      : field ? [textError, text] : [null, null];
    if (!box || !el) return err.show(errorMessage(e));
    box.textContent = errorMessage(e);
    box.hidden = false;
    el.setAttribute('aria-invalid', 'true');
  };
  const row = (label: string, value: string) => h('tr', {}, h('th', { scope: 'row' }, label), h('td', {}, value));
  const showPreview = (g: ImportedGame) => {
    preview.replaceChildren(h('h2', {}, t('import.previewTitle')), h('table', { class: 'import-header' }, h('tbody', {},
      row(t('import.game'), names.get(g.game) ?? g.game),
      row(t('import.players'), `☗ ${g.black || t('import.unnamed')}　☖ ${g.white || t('import.unnamed')}`),
      row(t('import.event'), g.event || t('import.none')),
      row(t('import.date'), g.played_at || t('import.none')),
      row(t('import.moves'), String(g.moves?.length ?? 0)),
      row(t('import.ending'), endingText(g)))));
    preview.hidden = false;
  };

  file.addEventListener('change', () => {
    const f = file.files?.[0];
    if (!f) return;
    clearErrors();
    if (f.size > MAX_FILE_KIB * 1024) return showError(new ApiError(422, 'invalid', t('import.fileTooLarge', { size: MAX_FILE_KIB }), 'text'));
    void f.arrayBuffer().then((bytes) => {
      // KIF files are UTF-8 (.kifu, lishogi's) or Shift_JIS (.kif of Japanese programs).
      let content: string;
      try {
        content = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        content = new TextDecoder('shift_jis').decode(bytes);
      }
      text.value = content;
      if (/\.kifu?$/i.test(f.name)) formatSelect.value = 'kif';
    });
  });
  previewButton.addEventListener('click', () => {
    clearErrors();
    void busy(previewButton, () => api.importRecord(request(true)).then(showPreview, showError), err.show);
  });
  const form = h('form', { class: 'import-form card' },
    h('div', { class: 'import-choices' },
      h('div', { class: 'field' }, h('label', { for: 'import-format' }, t('import.format')), formatSelect, formatError),
      h('div', { class: 'field' }, h('label', { for: 'import-game' }, t('import.game')), gameSelect, gameError)),
    h('div', { class: 'field' }, h('label', { for: 'import-text' }, t('import.text')), text, textError),
    h('div', { class: 'field' }, h('label', { for: 'import-file' }, t('import.file')), file),
    err.el,
    h('div', { class: 'import-actions' }, previewButton, importButton));
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearErrors();
    void busy(importButton, () => api.importRecord(request(false))
      .then((g) => navigate(`/analysis?import=${g.id}`), showError), err.show);
  });

  const mine = h('section', { class: 'my-imports' });
  page.append(h('p', { class: 'muted' }, t('import.intro')), form, preview, mine);

  // The games' names first: the list below names each import's game.
  void variantList().catch(() => []).then((vs) => {
    names = new Map(vs.map((v) => [v.id, gameName(v)]));
    gameSelect.append(...vs.map((v) => h('option', { value: v.id }, gameName(v))));
    return api.myImports();
  }).then((r) => {
    if (!r.imports.length) return;
    mine.append(h('h2', {}, t('import.mine')), h('ul', { class: 'import-list' }, ...r.imports.map((g) =>
      h('li', {}, h('a', { href: `/analysis?import=${g.id}` }, `${names.get(g.game) ?? g.game} · ${g.black || t('import.unnamed')} – ${g.white || t('import.unnamed')}`),
        h('span', { class: 'muted' }, ` · ${t('import.moves')} ${g.plies ?? 0} · ${new Date(g.created).toLocaleDateString(lang())}`)))));
  }).catch(() => {});
  text.focus();
  return {};
}
