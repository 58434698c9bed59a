// Creating a tournament (POST /api/tournaments): the kind and what it needs (an arena's
// minutes, a Swiss event's rounds, a round robin's single or double), the game and its rule
// profile, the clock (byoyomi with periods, or an increment; days a move for Swiss and robin),
// rated or casual, the start (a time, or when the creator says), entry conditions, a password,
// the computer's entries and level, berserk for arenas, and a description. The server's errors
// name a field: the message is shown under it.
import './tournaments.css';
import { ApiError, errorMessage } from '../api/client';
import { tournamentApi, type NewTournament, type TournamentKind } from '../api/tournaments';
import { t, type MessageKey } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, notice } from '../ui/notice';
import { gameName, variantDetail, variantList } from '../variants';

/** The fields the API names in its errors, each with the control its message goes under. */
type FieldName = 'kind' | 'name' | 'description' | 'game' | 'profile' | 'rated' | 'time_control' | 'minutes' | 'rounds' | 'double'
  | 'round_interval' | 'starts_at' | 'max_players' | 'min_rating' | 'min_rated_games' | 'berserk' | 'password' | 'computer';

function fieldOf(apiField: string | undefined): FieldName | null {
  if (!apiField) return null;
  const base = apiField.split(/[.[]/)[0]!;
  const known: FieldName[] = ['kind', 'name', 'description', 'game', 'profile', 'rated', 'time_control', 'minutes', 'rounds', 'double',
    'round_interval', 'starts_at', 'max_players', 'min_rating', 'min_rated_games', 'berserk', 'password', 'computer'];
  if (base === 'options' || base === 'drops') return 'profile';
  return (known as string[]).includes(base) ? (base as FieldName) : null;
}

/** "YYYY-MM-DDTHH:MM" in local time, as <input type=datetime-local> wants it. */
function localInput(ms: number): string {
  const d = new Date(ms - new Date(ms).getTimezoneOffset() * 60_000);
  return d.toISOString().slice(0, 16);
}

export function tournamentFormPage(root: HTMLElement): Page {
  const page = h('div', { class: 'page tournament-new' }, h('h1', {}, t('tour.createTitle')));
  root.append(page);
  if (!session.signedIn) {
    page.append(h('p', {}, h('a', { href: `/login?next=${encodeURIComponent('/tournaments/new')}` }, t('nav.logIn')), ` ${t('tour.toCreate')}`));
    return {};
  }
  const formErr = notice('error');
  const errors = new Map<FieldName, HTMLElement>();
  const num = (name: string, value: number, min: number, max: number, step = 1) => h('input', { type: 'number', name, value, min, max, step, inputmode: 'numeric' });
  function field(name: FieldName | null, label: string, control: HTMLElement, help?: string): HTMLElement {
    control.id ||= `tf-${(control as HTMLInputElement).name || Math.random().toString(36).slice(2, 8)}`;
    const errEl = h('p', { class: 'field-error', id: `${control.id}-error`, role: 'alert', hidden: true });
    if (name && !errors.has(name)) errors.set(name, errEl);
    return h('div', { class: 'field', 'data-field': name ?? '' }, h('label', { for: control.id }, label), control, help ? h('small', { class: 'muted' }, help) : null, errEl);
  }
  const check = (name: FieldName, control: HTMLInputElement, label: string, help?: string) => {
    const errEl = h('p', { class: 'field-error', role: 'alert', hidden: true });
    errors.set(name, errEl);
    return h('div', { class: 'field', 'data-field': name }, h('label', { class: 'check' }, control, label), help ? h('small', { class: 'muted' }, help) : null, errEl);
  };

  const kind = h('select', { name: 'kind' }, (['arena', 'swiss', 'robin'] as const).map((k) => h('option', { value: k }, t(`tour.kind.${k}`))));
  const name = h('input', { name: 'name', maxlength: 80, placeholder: t('tour.namePlaceholder'), autocomplete: 'off' });
  const minutes = num('minutes', 60, 5, 1440);
  const rounds = num('rounds', 5, 1, 50);
  const double = h('select', { name: 'double' }, h('option', { value: 'false' }, t('tour.single')), h('option', { value: 'true' }, t('tour.double')));
  const interval = num('round_interval', 0, 0, 86_400 * 7);
  const game = h('select', { name: 'game' });
  const profile = h('select', { name: 'profile' });
  const tcKind = h('select', { name: 'tc_kind' }, h('option', { value: 'live' }, t('lobby.realTime')), h('option', { value: 'correspondence' }, t('lobby.correspondenceDays')));
  const tcMinutes = num('tc_minutes', 5, 0, 600);
  const byoyomi = num('byoyomi', 10, 0, 600);
  const periods = num('periods', 1, 1, 10);
  const increment = num('increment', 0, 0, 600);
  const days = num('days', 3, 1, 60);
  const rated = h('input', { type: 'checkbox', name: 'rated', checked: true });
  const whenKind = h('select', { name: 'start_kind' }, h('option', { value: 'at' }, t('tour.startAt')), h('option', { value: 'manual' }, t('tour.startWhenISay')));
  const startsAt = h('input', { type: 'datetime-local', name: 'starts_at', value: localInput(Date.now() + 30 * 60_000) });
  const maxPlayers = num('max_players', 0, 0, 10_000);
  const minRating = num('min_rating', 0, 0, 4000);
  const minGames = num('min_rated_games', 0, 0, 1000);
  const password = h('input', { type: 'password', name: 'password', autocomplete: 'new-password', placeholder: t('tour.passwordPlaceholder') });
  const computerEntries = num('computer_entries', 0, 0, 16);
  const computerLevel = h('select', { name: 'computer_level' }, ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => h('option', { value: n, selected: n === '3' }, n === '1' ? t('lobby.weakest', { n }) : n === '8' ? t('lobby.strongest', { n }) : n)));
  const berserk = h('input', { type: 'checkbox', name: 'berserk', checked: true });
  const description = h('textarea', { name: 'description', rows: 3, maxlength: 2000, placeholder: t('tour.descriptionPlaceholder') });

  const minutesField = field('minutes', t('tour.minutes'), minutes, t('tour.minutesHelp'));
  const roundsField = field('rounds', t('tour.rounds'), rounds);
  const doubleField = field('double', t('tour.robinKind'), double, t('tour.robinHelp'));
  const intervalField = field('round_interval', t('tour.interval'), interval, t('tour.intervalHelp'));
  const berserkField = check('berserk', berserk, t('tour.berserkAllowed'), t('tour.berserkHelp'));
  const tcKindField = field(null, t('lobby.time'), tcKind);
  const liveBox = h('div', { class: 'row' }, field(null, t('lobby.minutes'), tcMinutes), field(null, t('lobby.byoyomi'), byoyomi), field(null, t('tour.periods'), periods), field(null, t('lobby.increment'), increment));
  const corrBox = h('div', { class: 'row' }, field(null, t('lobby.daysPerMove'), days));
  const tcErrorField = field('time_control', '', h('span', { hidden: true }));
  tcErrorField.querySelector('label')?.remove();
  const startsField = field('starts_at', t('tour.startTime'), startsAt, t('tour.startTimeHelp'));
  const sync = () => {
    const k = kind.value as TournamentKind;
    minutesField.hidden = k !== 'arena';
    roundsField.hidden = k !== 'swiss';
    doubleField.hidden = k !== 'robin';
    intervalField.hidden = k === 'arena';
    berserkField.hidden = k !== 'arena';
    // Arenas are live: no correspondence.
    if (k === 'arena') tcKind.value = 'live';
    (tcKind.querySelector('option[value=correspondence]') as HTMLOptionElement).disabled = k === 'arena';
    liveBox.hidden = tcKind.value !== 'live';
    corrBox.hidden = tcKind.value !== 'correspondence';
    startsField.hidden = whenKind.value !== 'at';
  };
  for (const c of [kind, tcKind, whenKind]) c.addEventListener('change', sync);

  const loadProfiles = async () => {
    const id = game.value;
    const detail = await variantDetail(id).catch(() => null);
    if (game.value !== id) return;
    profile.replaceChildren(h('option', { value: '' }, detail?.default_profile ? t('lobby.defaultProfile', { profile: detail.default_profile }) : t('lobby.default')),
      ...(detail?.profiles ?? []).map((p) => h('option', { value: p.name }, p.name)));
  };
  game.addEventListener('change', () => void loadProfiles());
  void variantList().then((vs) => {
    game.replaceChildren(...vs.map((v) => h('option', { value: v.id, selected: v.id === 'chu' }, gameName(v))));
    void loadProfiles();
  }).catch((e: unknown) => formErr.show(t('lobby.listFailed', { message: errorMessage(e) })));

  const submit = h('button', { type: 'submit', class: 'primary' }, t('tour.createButton'));
  const group = (title: MessageKey, ...children: HTMLElement[]) => h('fieldset', { class: 'card' }, h('legend', {}, t(title)), ...children);
  const form = h('form', { class: 'tournament-form', novalidate: true, 'aria-label': t('tour.createTitle') },
    group('tour.group.event', field('kind', t('tour.kind'), kind), field('name', t('tour.name'), name), minutesField, roundsField, doubleField, intervalField),
    group('tour.group.game', field('game', t('lobby.game'), game), field('profile', t('lobby.profile'), profile), tcKindField, liveBox, corrBox, tcErrorField,
      check('rated', rated, t('ratings.rated'), t('tour.ratedHelp')), berserkField),
    group('tour.group.entry', field(null, t('tour.start'), whenKind), startsField, h('div', { class: 'row' }, field('max_players', t('tour.maxPlayers'), maxPlayers, t('tour.zeroNoLimit')),
      field('min_rating', t('tour.minRating'), minRating, t('tour.zeroNone')), field('min_rated_games', t('tour.minGames'), minGames, t('tour.zeroNone'))),
      field('password', t('tour.password'), password, t('tour.passwordHelp'))),
    group('tour.group.computer', h('div', { class: 'row' }, field('computer', t('tour.computerEntries'), computerEntries, t('tour.computerHelp')), field(null, t('lobby.level'), computerLevel))),
    field('description', t('tour.description'), description),
    formErr.el, submit);
  page.append(form);
  sync();

  const clearErrors = () => {
    formErr.clear();
    errors.forEach((el) => { el.hidden = true; el.textContent = ''; });
    form.querySelectorAll('[aria-invalid]').forEach((el) => el.removeAttribute('aria-invalid'));
  };
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    clearErrors();
    const k = kind.value as TournamentKind;
    const body: NewTournament = { kind: k, game: game.value, rated: rated.checked, time_control: '' };
    if (name.value.trim()) body.name = name.value.trim();
    if (description.value.trim()) body.description = description.value.trim();
    if (profile.value) body.profile = profile.value;
    if (tcKind.value === 'correspondence') body.time_control = `${days.value} days`;
    else {
      const main = Math.round(Number(tcMinutes.value) * 60);
      const byo = Number(byoyomi.value);
      const per = Number(periods.value);
      const inc = Number(increment.value);
      body.time_control = byo > 0 ? `${main} byoyomi ${byo}${per > 1 ? ` periods ${per}` : ''}` : inc > 0 ? `${main}+${inc}` : `${main}`;
    }
    if (k === 'arena') {
      body.minutes = Number(minutes.value);
      body.berserk = berserk.checked;
    } else body.round_interval = Number(interval.value);
    if (k === 'swiss') body.rounds = Number(rounds.value);
    if (k === 'robin') body.double = double.value === 'true';
    if (whenKind.value === 'at') {
      const at = new Date(startsAt.value).getTime();
      body.starts_at = Number.isFinite(at) ? at : -1;  // the server names what is wrong
    }
    for (const [key, input] of [['max_players', maxPlayers], ['min_rating', minRating], ['min_rated_games', minGames]] as const) {
      if (Number(input.value) > 0) body[key] = Number(input.value);
    }
    if (password.value) body.password = password.value;
    if (Number(computerEntries.value) > 0) body.computer = { entries: Number(computerEntries.value), level: Number(computerLevel.value) };
    void busy(submit, async () => {
      try {
        const created = await tournamentApi.create(body);
        navigate(`/tournaments/${created.id}`);
      } catch (err) {
        const f = err instanceof ApiError ? fieldOf(err.field) : null;
        const box = f ? errors.get(f) : undefined;
        if (!box) throw err;
        box.textContent = errorMessage(err);
        box.hidden = false;
        const control = box.parentElement?.querySelector('input, select, textarea');
        control?.setAttribute('aria-invalid', 'true');
        box.closest('.field')?.scrollIntoView({ block: 'center' });
        (control as HTMLElement | null)?.focus();
      }
    }, formErr.show);
  });
  return {};
}
