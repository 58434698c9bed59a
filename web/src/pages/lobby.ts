// The lobby: the signed-in user's games, challenges to and from them, challenges open to
// anyone, the form to create a challenge (any game and its options, time control or
// correspondence, against a person, anyone, or the engine), and live games to watch.
import { api, errorMessage } from '../api/client';
import type { Challenge, GameSummary, NewChallenge, VariantDetail, VariantSummary } from '../api/types';
import { push } from '../api/ws';
import { describeTimeControl } from '../clock';
import { t } from '../i18n';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { busy, loading, notice, timeAgo } from '../ui/notice';
import { gameName, variantDetail, variantList } from '../variants';

export const COMPUTER = 'kirin';

function setupText(c: Challenge, names: Map<string, string>): string {
  const s = c.setup;
  const parts = [names.get(s.game) ?? s.game];
  if (s.handicap) parts.push(t('lobby.handicap', { name: s.handicap }));
  if (s.drops === true) parts.push(t('lobby.withDrops'));
  if (s.drops === false) parts.push(t('lobby.noDrops'));
  if (s.profile) parts.push(t('lobby.profileRules', { profile: s.profile }));
  if (s.sfen) parts.push(t('lobby.customPosition'));
  if (c.rated) parts.push(t('ratings.rated'));
  if (s.takebacks === false) parts.push(t('play.noTakebacks'));
  return parts.join(', ');
}

function tcText(c: Challenge): string {
  return c.time_control.kind === 'correspondence' ? t('lobby.correspondence', { time: describeTimeControl(c.time_control) }) : describeTimeControl(c.time_control);
}

export function lobbyPage(root: HTMLElement): Page {
  const disposers: Array<() => void> = [];
  let disposed = false;
  const err = notice('error');
  let names = new Map<string, string>();
  const mine = h('section', { class: 'card my-games' });
  const challenges = h('section', { class: 'card challenges' });
  const live = h('section', { class: 'card live-games' });
  const startedGames = new Map<number, string>();
  const form = h('section', { class: 'card create' });
  root.append(
    h('div', { class: 'page lobby' },
      h('div', { class: 'lobby-head' }, h('h1', {}, t('lobby.title')), h('p', { class: 'muted' }, t('lobby.intro'))),
      err.el,
      h('div', { class: 'lobby-grid' }, h('div', { class: 'lobby-main' }, mine, challenges, live), form)),
  );
  challenges.append(loading(t('lobby.loadingChallenges')));

  async function refresh(): Promise<void> {
    try {
      const [list, variants, games, active] = await Promise.all([
        api.challenges(),
        variantList().catch(() => [] as VariantSummary[]),
        session.signedIn ? api.games({ player: session.name!, status: 'current', limit: 200 }).catch(() => ({ games: [] as GameSummary[] })) : Promise.resolve({ games: [] as GameSummary[] }),
        api.activeGames().catch(() => ({ games: [] as GameSummary[] })),
      ]);
      if (disposed) return;
      names = new Map(variants.map((v) => [v.id, gameName(v)]));
      drawChallenges(list.open, list.incoming ?? [], list.outgoing ?? []);
      drawMine(games.games);
      drawLive(active.games);
      err.clear();
    } catch (e) {
      if (!disposed) err.show(t('lobby.loadFailed', { message: errorMessage(e) }));
    }
  }

  function drawMine(games: GameSummary[]): void {
    mine.replaceChildren();
    if (!session.signedIn) {
      mine.append(h('h2', {}, t('lobby.play')), h('p', {}, h('a', { href: '/signup', class: 'button primary' }, t('lobby.signUp')), ` ${t('lobby.or')} `, h('a', { href: '/login' }, t('lobby.logIn')), ` ${t('lobby.toPlay')}`));
      return;
    }
    const current = games.filter((g) => g.status === 'active' || g.status === 'adjourned');
    mine.append(h('h2', {}, t('lobby.yourGames')));
    if (current.length === 0) mine.append(h('p', { class: 'muted' }, t('lobby.noGames')));
    const ul = h('ul', { class: 'game-list' });
    for (const g of current) {
      const me = session.name?.toLowerCase();
      const color = g.black.name.toLowerCase() === me ? 'black' : 'white';
      const opp = color === 'black' ? g.white : g.black;
      const yourMove = g.status === 'active' && g.to_move === color;
      ul.append(h('li', { 'data-game': g.id, class: yourMove ? 'your-move' : '' },
        h('a', { href: `/game/${g.id}` }, t('lobby.versus', { game: names.get(g.setup.game) ?? g.setup.game, opponent: opp.name })),
        h('span', { class: 'muted' }, ` · ${g.status === 'adjourned' ? t('lobby.adjourned') : yourMove ? t('lobby.yourMove') : t('lobby.theirMove')} · ${t('lobby.moveNumber', { n: g.ply })}`)));
    }
    mine.append(ul, h('p', {}, h('a', { href: `/games?player=${encodeURIComponent(session.name ?? '')}` }, t('lobby.allYourGames'))));
  }

  function challengeRow(c: Challenge, kind: 'open' | 'incoming' | 'outgoing'): HTMLElement {
    const me = session.name?.toLowerCase();
    const own = c.challenger.name.toLowerCase() === me;
    const who = kind === 'outgoing' ? (c.opponent ? t('lobby.to', { name: c.opponent.name }) : t('lobby.toAnyone')) : t('lobby.from', { name: c.challenger.name });
    const mineColour = own ? c.color : c.color === 'black' ? 'white' : 'black';
    const colour = c.color === 'random' ? t('lobby.randomColours') : mineColour === 'black' ? t('lobby.youPlayBlack') : t('lobby.youPlayWhite');
    const buttons: HTMLElement[] = [];
    const act = (label: string, cls: string, f: () => Promise<unknown>) =>
      h('button', { type: 'button', class: cls, onclick: (e: Event) => void busy(e.currentTarget as HTMLButtonElement, async () => { err.clear(); await f(); }, err.show) }, label);
    if (own) buttons.push(act(t('lobby.cancel'), 'cancel-challenge', async () => { await api.cancelChallenge(c.id); await refresh(); }));
    else if (session.signedIn) {
      buttons.push(act(t('lobby.accept'), 'accept primary', async () => {
        const r = await api.acceptChallenge(c.id);
        navigate(`/game/${r.game}`);
      }));
      if (kind === 'incoming') buttons.push(act(t('lobby.decline'), 'decline', async () => { await api.declineChallenge(c.id); await refresh(); }));
    }
    return h('li', { 'data-challenge': c.id, class: `challenge ${kind}` },
      h('div', { class: 'challenge-text' }, h('strong', {}, setupText(c, names)), h('div', { class: 'muted' }, `${who} · ${colour} · ${tcText(c)} · ${timeAgo(c.created)}`)),
      h('div', { class: 'challenge-actions' }, buttons));
  }

  function drawChallenges(open: Challenge[], incoming: Challenge[], outgoing: Challenge[]): void {
    challenges.replaceChildren(h('h2', {}, t('lobby.challenges')));
    const section = (title: string, list: Challenge[], kind: 'open' | 'incoming' | 'outgoing', empty: string | null) => {
      if (list.length === 0 && empty === null) return;
      challenges.append(h('h3', {}, title));
      if (list.length === 0) challenges.append(h('p', { class: 'muted' }, empty!));
      else challenges.append(h('ul', { class: `challenge-list ${kind}` }, list.map((c) => challengeRow(c, kind))));
    };
    section(t('lobby.toYou'), incoming, 'incoming', null);
    section(t('lobby.yoursWaiting'), outgoing.filter((c) => c.opponent !== null), 'outgoing', null);
    section(t('lobby.openToAnyone'), open, 'open', t('lobby.noOpen'));
  }

  // The games being played (the latest move first), and any started since they were fetched.
  function drawLive(active: GameSummary[]): void {
    live.replaceChildren(h('h2', {}, t('lobby.watch')));
    const listed = new Set(active.map((g) => g.id));
    const started = [...startedGames].reverse().filter(([id]) => !listed.has(id));
    if (active.length === 0 && started.length === 0) live.append(h('p', { class: 'muted' }, t('lobby.nothingLive')));
    else {
      live.append(h('h3', {}, t('lobby.beingPlayed')), h('ul', { class: 'game-list' },
        started.map(([id, text]) => h('li', { 'data-game': id }, h('a', { href: `/game/${id}` }, text))),
        active.map((g) => h('li', { 'data-game': g.id },
          h('a', { href: `/game/${g.id}` }, t('lobby.liveGame', { game: names.get(g.setup.game) ?? g.setup.game, black: g.black.name, white: g.white.name })),
          h('span', { class: 'muted' }, ` · ${t('lobby.moveNumber', { n: g.ply })} · ${g.to_move === 'black' ? t('lobby.toMoveBlack') : t('lobby.toMoveWhite')}`)))));
    }
    const gameInput = h('input', { type: 'number', min: 1, name: 'game', placeholder: t('lobby.gameNumber'), 'aria-label': t('lobby.gameNumberLabel'), required: true });
    const userInput = h('input', { name: 'user', placeholder: t('lobby.playerName'), 'aria-label': t('lobby.playerNameLabel'), required: true });
    live.append(
      h('form', { class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); navigate(`/game/${gameInput.value}`); } }, gameInput, h('button', { type: 'submit' }, t('lobby.watchGame'))),
      h('form', { class: 'inline-form', onsubmit: (e: Event) => { e.preventDefault(); navigate(`/games?player=${encodeURIComponent(userInput.value.trim())}`); } }, userInput, h('button', { type: 'submit' }, t('lobby.theirGames'))),
    );
  }

  // Live updates: the lobby (open challenges), and the user's own topic (challenges to and from
  // them: an accepted one opens its game).
  const onEvent = (ev: { kind: string; text?: string; game?: number; challenge?: number; users?: string[] }) => {
    if (ev.kind === 'challenge' && ev.text === 'accepted' && ev.game) {
      startedGames.set(ev.game, ev.users?.length ? t('lobby.startedGameOf', { id: ev.game, players: ev.users.join(' – ') }) : t('lobby.startedGame', { id: ev.game }));
      const me = session.name?.toLowerCase();
      if (me && ev.users?.some((u) => u.toLowerCase() === me) && !document.querySelector('.create form[aria-busy="true"]')) {
        // Our challenge was accepted: go to the game.
        void api.challenge(ev.challenge ?? 0).then((c) => {
          if (!disposed && c.challenger.name.toLowerCase() === me) navigate(`/game/${ev.game}`);
        }).catch(() => undefined);
      }
    }
    void refresh();
  };
  disposers.push(push.subscribe('lobby', onEvent));
  if (session.signedIn && session.name) disposers.push(push.subscribe(`user:${session.name}`, onEvent));
  disposers.push(push.onReconnect(() => void refresh()));
  const changed = () => void refresh();
  document.addEventListener('kirin:challenges-changed', changed);
  disposers.push(() => document.removeEventListener('kirin:challenges-changed', changed));

  buildForm(form, err);
  void refresh();
  return {
    dispose() {
      disposed = true;
      disposers.forEach((f) => f());
    },
  };
}

function field(label: string, control: HTMLElement, help?: string): HTMLElement {
  const id = control.id || `f-${Math.random().toString(36).slice(2, 8)}`;
  control.id = id;
  return h('div', { class: 'field' }, h('label', { for: id }, label), control, help ? h('small', { class: 'muted' }, help) : null);
}

function buildForm(host: HTMLElement, err: ReturnType<typeof notice>): void {
  host.replaceChildren(h('h2', {}, t('lobby.create')));
  if (!session.signedIn) {
    host.append(h('p', { class: 'muted' }, t('lobby.logInToCreate')));
    return;
  }
  const formErr = notice('error');
  const gameSelect = h('select', { name: 'game' });
  const opponentKind = h('select', { name: 'opponent_kind' },
    h('option', { value: 'anyone' }, t('lobby.anyone')),
    h('option', { value: 'person' }, t('lobby.aPerson')),
    h('option', { value: 'computer' }, t('lobby.computer')));
  const opponentName = h('input', { name: 'opponent', placeholder: t('lobby.theirUserName'), autocomplete: 'off' });
  const level = h('select', { name: 'level' },
    h('option', { value: '0' }, t('lobby.serverDefault')),
    ['1', '2', '3', '4', '5', '6', '7', '8'].map((n) => h('option', { value: n }, n === '1' ? t('lobby.weakest', { n }) : n === '8' ? t('lobby.strongest', { n }) : n)));
  const color = h('select', { name: 'color' }, h('option', { value: 'black' }, t('lobby.black')), h('option', { value: 'white' }, t('lobby.white')), h('option', { value: 'random' }, t('lobby.random')));
  const tcKind = h('select', { name: 'tc_kind' }, h('option', { value: 'none' }, t('lobby.noClock')), h('option', { value: 'live' }, t('lobby.realTime')), h('option', { value: 'correspondence' }, t('lobby.correspondenceDays')));
  const minutes = h('input', { type: 'number', name: 'minutes', min: 0, max: 600, value: 10, step: 1 });
  const byoyomi = h('input', { type: 'number', name: 'byoyomi', min: 0, max: 600, value: 30 });
  const periods = h('input', { type: 'number', name: 'periods', min: 1, max: 10, value: 1, step: 1 });
  const increment = h('input', { type: 'number', name: 'increment', min: 0, max: 600, value: 0 });
  const days = h('input', { type: 'number', name: 'days', min: 1, max: 60, value: 3 });
  const profile = h('select', { name: 'profile' });
  const drops = h('select', { name: 'drops' }, h('option', { value: '' }, t('lobby.asTheGame')), h('option', { value: 'true' }, t('lobby.withDropsOption')), h('option', { value: 'false' }, t('lobby.withoutDrops')));
  const handicap = h('select', { name: 'handicap' });
  const sfen = h('input', { name: 'sfen', placeholder: t('lobby.sfenPlaceholder'), autocomplete: 'off', spellcheck: 'false' });
  const optionsBox = h('div', { class: 'options-box' });
  const gameHelp = h('small', { class: 'muted game-help' });
  const rulesLink = h('a', { class: 'rules-link' });
  // A start position sent here (the board editor's "Challenge from here": /?variant=&sfen=).
  const given = new URLSearchParams(location.search);

  const opponentField = field(t('lobby.theirName'), opponentName);
  const levelField = field(t('lobby.level'), level, t('lobby.levelHelp'));
  const rated = h('input', { type: 'checkbox', name: 'rated', 'aria-describedby': 'rated-help' });
  const ratedHelp = h('small', { class: 'muted', id: 'rated-help' }, t('ratings.ratedHelp'));
  const ratedField = h('div', { class: 'field' }, h('label', { class: 'check' }, rated, t('ratings.rated')), ratedHelp);
  const liveBox = h('div', { class: 'row' }, field(t('lobby.minutes'), minutes), field(t('lobby.byoyomi'), byoyomi), field(t('lobby.periods'), periods), field(t('lobby.increment'), increment));
  const corrBox = h('div', { class: 'row' }, field(t('lobby.daysPerMove'), days));
  const sync = () => {
    opponentField.hidden = opponentKind.value !== 'person';
    opponentName.required = opponentKind.value === 'person';
    levelField.hidden = opponentKind.value !== 'computer';
    // Games against the computer are casual: the box is shown unticked and disabled, saying
    // why, rather than hidden with a tick the request would leave out.
    const computer = opponentKind.value === 'computer';
    if (computer) rated.checked = false;
    rated.disabled = computer;
    ratedField.classList.toggle('disabled', computer);
    ratedHelp.textContent = computer ? t('lobby.ratedNotComputer') : t('ratings.ratedHelp');
    liveBox.hidden = tcKind.value !== 'live';
    corrBox.hidden = tcKind.value !== 'correspondence';
  };
  opponentKind.addEventListener('change', sync);
  tcKind.addEventListener('change', sync);

  let detail: VariantDetail | null = null;
  const loadGame = async () => {
    const id = gameSelect.value;
    detail = await variantDetail(id).catch(() => null);
    if (gameSelect.value !== id) return;
    // The player's own default profile of the game is chosen first (settings, 'set ...
    // profile='); then "Default" names the game's default, which the server would otherwise
    // read as "the player's own".
    const mine = detail?.profiles?.some((p) => p.name === session.profiles[id]) ? session.profiles[id] : '';
    profile.replaceChildren(h('option', { value: mine && detail?.default_profile ? 'default' : '' }, detail?.default_profile ? t('lobby.defaultProfile', { profile: detail.default_profile }) : t('lobby.default')));
    for (const p of detail?.profiles ?? []) profile.append(h('option', { value: p.name, selected: p.name === mine }, p.name));
    handicap.replaceChildren(h('option', { value: '' }, t('lobby.none')));
    for (const hc of detail?.handicaps ?? []) handicap.append(h('option', { value: hc.name, title: hc.description ?? '' }, hc.description ? `${hc.name}: ${hc.description}` : hc.name));
    optionsBox.replaceChildren();
    for (const o of detail?.options ?? []) {
      if (o.name === 'drops') continue;
      let control: HTMLSelectElement | HTMLInputElement;
      if (o.type === 'bool') {
        const yesNo = (v: unknown) => t(v === true || v === 'true' ? 'lobby.true' : 'lobby.false');
        control = h('select', { 'data-option': o.name, 'data-type': 'bool' }, h('option', { value: '' }, t('lobby.optionDefault', { value: yesNo(o.default) })), h('option', { value: 'true' }, yesNo(true)), h('option', { value: 'false' }, yesNo(false)));
      } else if (o.values?.length) {
        control = h('select', { 'data-option': o.name, 'data-type': 'enum' }, h('option', { value: '' }, t('lobby.optionDefault', { value: String(o.default) })), o.values.map((v) => h('option', { value: v }, v)));
      } else {
        control = h('input', { 'data-option': o.name, 'data-type': o.type, placeholder: t('lobby.optionDefault', { value: String(o.default) }), inputmode: o.type === 'int' ? 'numeric' : 'text' });
      }
      optionsBox.append(field(o.name, control, o.description));
    }
    if (!detail) optionsBox.append(h('p', { class: 'muted' }, t('lobby.noOptions')));
    gameHelp.textContent = !detail ? '' : detail.pieces
      ? t('lobby.kinds', { files: detail.files, ranks: detail.ranks, n: detail.pieces.filter((p) => !p.promoted).length })
      : t('lobby.boardSize', { files: detail.files, ranks: detail.ranks });
    rulesLink.href = `/rules/${encodeURIComponent(id)}`;
    rulesLink.textContent = t('rules.howToPlayGame', { game: detail ? gameName(detail) : id });
  };
  gameSelect.addEventListener('change', () => void loadGame());

  void variantList().then((vs) => {
    gameSelect.replaceChildren(...vs.map((v) => h('option', { value: v.id, selected: v.id === given.get('variant') }, `${gameName(v)} (${v.files}x${v.ranks})`)));
    void loadGame();
  }).catch((e: unknown) => formErr.show(t('lobby.listFailed', { message: errorMessage(e) })));

  const takebacks = h('input', { type: 'checkbox', name: 'takebacks', checked: true });
  const submit = h('button', { type: 'submit', class: 'primary' }, t('lobby.createChallenge'));
  const form = h('form', { class: 'create-form', 'aria-label': t('lobby.createLabel') },
    field(t('lobby.game'), gameSelect), gameHelp, rulesLink,
    field(t('lobby.opponent'), opponentKind), opponentField, levelField, ratedField,
    field(t('lobby.youPlay'), color),
    field(t('lobby.time'), tcKind), liveBox, corrBox,
    h('div', { class: 'field' }, h('label', { class: 'check' }, takebacks, t('play.allowTakebacks')), h('small', { class: 'muted' }, t('play.allowTakebacksHelp'))),
    h('details', { class: 'rules' }, h('summary', {}, t('lobby.rules')),
      field(t('lobby.profile'), profile), field(t('lobby.drops'), drops), field(t('lobby.handicapField'), handicap), field(t('lobby.startPosition'), sfen, t('lobby.notWithHandicap')),
      h('h4', {}, t('lobby.options')), optionsBox),
    formErr.el, submit);
  form.addEventListener('submit', (e) => {
    e.preventDefault();
    formErr.clear();
    const body: NewChallenge = { game: gameSelect.value, color: color.value as NewChallenge['color'] };
    if (opponentKind.value === 'person') body.opponent = opponentName.value.trim();
    if (rated.checked) body.rated = true;
    if (opponentKind.value === 'computer') {
      body.opponent = COMPUTER;
      if (level.value !== '0') body.level = Number(level.value);
    }
    if (tcKind.value === 'live') {
      const main = Math.round(Number(minutes.value) * 60);
      const byo = Number(byoyomi.value);
      const inc = Number(increment.value);
      body.time_control = byo > 0 ? `${main} byoyomi ${byo}` : inc > 0 ? `${main}+${inc}` : `${main}`;
      if (byo > 0 && Number(periods.value) > 1) body.periods = Number(periods.value);
    } else if (tcKind.value === 'correspondence') {
      body.time_control = `${days.value} days`;
    } else body.time_control = 'none';
    if (profile.value) body.profile = profile.value;
    if (drops.value) body.drops = drops.value === 'true';
    if (!takebacks.checked) body.takebacks = false;
    if (handicap.value) body.handicap = handicap.value;
    if (sfen.value.trim()) body.sfen = sfen.value.trim();
    const opts: Record<string, string | boolean | number> = {};
    optionsBox.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-option]').forEach((c) => {
      const v = c.value.trim();
      if (!v) return;
      const name = c.dataset.option!;
      opts[name] = c.dataset.type === 'bool' ? v === 'true' : c.dataset.type === 'int' && /^-?\d+$/.test(v) ? Number(v) : v;
    });
    if (Object.keys(opts).length) body.options = opts;
    form.setAttribute('aria-busy', 'true');
    void busy(submit, async () => {
      const c = await api.createChallenge(body);
      if (c.status === 'accepted' && c.game) {
        navigate(`/game/${c.game}`);
        return;
      }
      if (body.opponent === COMPUTER) {
        // The computer accepts at once; find its game.
        const again = await api.challenge(c.id);
        if (again.game) {
          navigate(`/game/${again.game}`);
          return;
        }
      }
      err.clear();
      formErr.clear();
      const ok = host.querySelector('.notice.success');
      ok?.remove();
      const msg = h('div', { class: 'notice success', role: 'status' }, c.opponent ? t('lobby.createdFor', { id: c.id, name: c.opponent.name }) : t('lobby.created', { id: c.id }));
      form.before(msg);
      document.dispatchEvent(new CustomEvent('kirin:challenges-changed'));
    }, (m) => formErr.show(m)).finally(() => form.removeAttribute('aria-busy'));
  });
  host.append(form);
  sync();
  if (given.get('sfen')) {
    sfen.value = given.get('sfen')!;
    form.querySelector('details.rules')?.setAttribute('open', '');
    host.scrollIntoView({ block: 'start' });
  }
}
