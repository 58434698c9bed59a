// A game: the board (play, or watch), the clocks, the move list in the chosen notation (click a
// move or use the arrow keys to step through the game), the actions of a player (resign, draw,
// adjourn with a sealed move, resume), the comments, and live updates over the WebSocket.
import { api, ApiError, errorMessage } from '../api/client';
import type { Color, Forecast, GameView, PushEvent, RatingChange } from '../api/types';
import { push } from '../api/ws';
import { mayBerserk } from '../berserk';
import { ClockView, colourTimeControl, describeTimeControl } from '../clock';
import { t } from '../i18n';
import { BoardWidget } from '../render/boardWidget';
import { fitBoardToWindow } from '../render/fitBoard';
import type { PieceCatalog } from '../render/pieces';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session, viewFromWhite } from '../session';
import { formatMove } from '../shogi/notation';
import { applyMove, moveSquares } from '../shogi/replay';
import { loadRules, replayLine } from '../shogi/rulesWasm';
import { parseSfen, styleFor, type Position } from '../shogi/sfen';
import { premoveCandidates, premoveIsLegal } from '../shogi/premove';
import { parseSquare, parseUsiList, type UsiMove } from '../shogi/usi';
import { boardZoom, ZOOM_FILES } from '../ui/boardZoom';
import { chatPanel } from '../ui/chatPanel';
import { keepCurrentInView } from '../ui/moveList';
import { reportButton } from '../ui/reportDialog';
import { busy, loading, notice, timeAgo } from '../ui/notice';
import { diffEl, playerLink, ratingChangeText, ratingText } from '../ui/rating';
import { resultText } from '../ui/result';
import { playSound } from '../ui/sound';
import { catalogFor, gameName, hasDrops, rulesOf } from '../variants';
import './game.css';

/** A player's rating after a finished rated game, with its change, beside their name. */
function ratingEl(c: RatingChange | undefined): HTMLElement | string {
  if (!c) return '';
  return h('span', { class: 'player-rating' }, ratingText(c.after, c.provisional), ' ', diffEl(c.diff));
}

export function gamePage(root: HTMLElement, params: Record<string, string>): Page {
  const id = Number(params.id);
  const disposers: Array<() => void> = [];
  let disposed = false;
  root.append(loading(t('game.loading')));

  const err = notice('error');
  let view: GameView | null = null;
  let catalog: PieceCatalog | null = null;
  let gameTitle = ''; // the game's name in the page's language
  let zoneRanks: number | undefined;
  let sfenStyle: string | undefined;
  let sfenFields: string[] | undefined;
  let positions: Position[] = [];
  let parsedMoves: UsiMove[] = [];
  let shownPly = 0; // the ply on the board
  let followLatest = true;
  let localFlip = false;
  let sending = false;
  let adjourning = false;
  let drops = false;
  let widget: BoardWidget | null = null;
  let deadlineTimer: number | undefined;
  let startTimer: number | undefined;
  // A premove: entered while the opponent is to move, sent when they have moved if legal then.
  let premove: string | null = null;
  let premoveMoves: { ply: number; moves: UsiMove[] } | null = null;
  let premoveAsked = -1;

  const clocks = { black: new ClockView('black'), white: new ClockView('white') };
  const players = { black: h('div', { class: 'player' }), white: h('div', { class: 'player' }) };
  const rows = { black: h('div'), white: h('div') };
  const status = h('div', { class: 'game-status', role: 'status', 'aria-live': 'polite' });
  // Rated or casual; at the end of a rated game, each player's rating change.
  const ratingNote = h('div', { class: 'rating-note' });
  // Before both sides have moved: the clocks wait, and the game is aborted if a side does not
  // (a banner with the seconds left, not to be missed).
  const startNote = h('div', { class: 'start-note', role: 'timer', hidden: true });
  const rematchBox = h('div', { class: 'rematch-box', hidden: true });
  const actions = h('div', { class: 'game-actions' });
  // A player's conditional moves (games without a live clock): theirs only, fetched apart from
  // the game. The input is kept across redraws, so that an event does not wipe a line typed.
  const forecastBox = h('section', { class: 'forecast-box', hidden: true, 'aria-label': t('play.forecast') });
  const forecastInput = h('input', { name: 'line', id: 'forecast-line', placeholder: t('play.forecastPlaceholder'), autocomplete: 'off', spellcheck: 'false' });
  let forecast: Forecast | null = null;
  let forecastAsked = -1;
  const moveList = h('ol', { class: 'move-list', 'aria-label': t('board.moves') });
  const stepper = h('div', { class: 'stepper' });
  const commentsList = h('ul', { class: 'comments', 'aria-label': t('game.comments') });
  const commentForm = h('form', { class: 'comment-form' });
  const commentLogin = h('p', { class: 'muted' }, t('game.commentLoginBefore'), h('a', { href: `/login?next=/game/${id}` }, t('game.commentLogin')), t('game.commentLoginAfter'));
  const title = h('h1', { class: 'game-title' });
  const zoomButton = boardZoom(() => widget?.el);

  const myColor = (): Color | null => {
    if (!view || !session.name) return null;
    const me = session.name.toLowerCase();
    if (view.black.name.toLowerCase() === me) return 'black';
    if (view.white.name.toLowerCase() === me) return 'white';
    return null;
  };
  const flip = () => {
    return viewFromWhite(myColor()) !== localFlip;
  };
  const atLatest = () => !!view && shownPly === view.moves.length;
  const canMove = () => !!view && view.status === 'active' && myColor() === view.to_move && atLatest() && !sending;
  // Premoves in games played live (with a real-time clock or none), as the user's setting says.
  const canPremove = () => !!view && view.status === 'active' && !!myColor() && myColor() !== view.to_move && atLatest() && !adjourning
    && view.time_control.kind !== 'correspondence' && session.prefs.premoves;

  async function load(): Promise<void> {
    let v: GameView;
    try {
      v = await api.game(id);
    } catch (e) {
      if (disposed) return;
      root.replaceChildren(h('div', { class: 'page narrow' }, h('h1', {}, t('game.notAvailable')), h('p', { class: 'notice error', role: 'alert' }, e instanceof ApiError && e.status === 404 ? t('game.noSuchGame', { id }) : errorMessage(e)), h('p', {}, h('a', { href: '/' }, t('game.backToLobby')))));
      return;
    }
    if (disposed) return;
    if (!catalog) {
      const c = await catalogFor(v.setup.game);
      catalog = c.catalog;
      gameTitle = c.detail ? gameName(c.detail) : v.game_name ?? v.setup.game;
      zoneRanks = c.detail?.zone_ranks;
      sfenStyle = c.detail?.sfen_style;
      sfenFields = c.detail?.sfen_fields;
      drops = hasDrops(v.setup.drops, v.setup.options, c.detail, v.setup.profile);
      build();
    }
    setView(v);
    addChat();
    // The rules in this page, for premoves and for the earlier positions: once loaded, the
    // positions are replayed by them.
    void loadRules().then((rules) => {
      if (!rules || disposed || !view) return;
      replayView(view);
      drawAll();
    });
  }

  // The players' own chat, beside the public comments: for the two players only, and not
  // against the computer (nobody would read it).
  let chat: ReturnType<typeof chatPanel> | null = null;
  function addChat(): void {
    if (chat || disposed || !myColor() || !session.name || view?.computer) return;
    chat = chatPanel(id, session.name);
    root.querySelector('.comments-box')?.after(chat.el);
    disposers.push(chat.dispose);
  }

  /** The game's positions after each move: the rules' own where the rules module has loaded
   * (rulesWasm.ts), else the page's replay of the moves; the current one is the server's. */
  function replayView(v: GameView): void {
    const style = styleFor(v.setup.game, sfenStyle);
    const usis = v.moves.map((m) => m.usi);
    try {
      const r = replayLine({ variant: v.setup.game, sfen: v.start_sfen, moves: usis, ...rulesOf(v.setup) }, parseSfen(v.start_sfen, style), drops, style);
      positions = r.positions;
      parsedMoves = r.parsed;
      // The server's position is the truth for the current one.
      const current = parseSfen(v.sfen, style);
      positions[positions.length - 1] = current;
      if (current.hands.black.size || current.hands.white.size) drops = true;
    } catch (e) {
      // Earlier positions cannot be shown; the current one (the server's) still can.
      console.warn('cannot replay the game:', e);
      const current = parseSfen(v.sfen, style);
      positions = [...v.moves.map(() => current), current];
      parsedMoves = [];
    }
  }

  function setView(v: GameView): void {
    const previousLength = view?.moves.length ?? -1;
    const wasActive = view?.status === 'active';
    view = v;
    replayView(v);
    if (followLatest || v.moves.length < shownPly) shownPly = positions.length - 1;
    // When the side to move's time runs out (or its time for a first move), look again: the
    // server ends the game.
    window.clearTimeout(deadlineTimer);
    const ends = [v.clock?.deadline, v.clock?.abort_at].filter((d): d is number => typeof d === 'number');
    if (v.status === 'active' && ends.length && v.time_control.kind === 'live') {
      const wait = Math.min(...ends) - v.clock.now + 1000;
      if (wait > 0 && wait < 2 ** 31 - 1) deadlineTimer = window.setTimeout(() => void refresh(), wait);
    }
    if (previousLength !== v.moves.length) widget?.cancel();
    if (previousLength >= 0 && v.moves.length > previousLength) playSound(v.check?.length ? 'check' : captured(v.moves.length) ? 'capture' : 'move');
    if (wasActive && (v.status === 'finished' || v.status === 'aborted')) playSound('end');
    // The opponent has moved: the premove goes if it is legal now, else it is dropped silently.
    const mine = myColor();
    if (premove && (v.status !== 'active' || (v.to_move === mine && previousLength !== v.moves.length))) {
      const usi = premove;
      premove = null;
      if (v.status === 'active' && atLatest() && premoveIsLegal(v, usi)) {
        drawAll();
        void sendMove(usi);
        return;
      }
    }
    drawAll();
  }

  /** A move in the viewer's notation (its USI if it cannot be written). */
  function moveText(pos: Position, m: UsiMove, usi: string): string {
    try {
      return formatMove(pos, m, session.prefs.notation, catalog!, session.prefs.coords);
    } catch {
      return usi;
    }
  }

  /** Whether the move to `ply` took pieces off the board (a capture, a burn). */
  function captured(ply: number): boolean {
    const count = (p: Position | undefined) => p?.board.filter((x) => x).length ?? 0;
    return ply > 0 && count(positions[ply]) < count(positions[ply - 1]);
  }

  /** Asks the server what the viewer may premove in the current position (once per ply). */
  function askPremoves(v: GameView, mine: Color): void {
    if (premoveAsked === v.ply) return;
    premoveAsked = v.ply;
    void premoveCandidates(v, mine, positions[positions.length - 1]!, sfenFields).then((moves) => {
      if (disposed || view?.ply !== v.ply) return;
      premoveMoves = { ply: v.ply, moves };
      drawAll();
    });
  }

  function build(): void {
    root.replaceChildren();
    widget = new BoardWidget(catalog!, (usi) => {
      if (canMove()) void sendMove(usi);
      else if (canPremove()) {
        premove = usi;
        drawAll();
      }
    }, () => {
      if (!premove) return;
      premove = null;
      drawAll();
    });
    disposers.push(() => widget?.dispose());
    commentForm.append(
      h('label', { for: 'comment-text', class: 'visually-hidden' }, t('game.comment')),
      h('input', { id: 'comment-text', name: 'text', maxlength: 2000, placeholder: t('board.commentPlaceholder'), autocomplete: 'off' }),
      h('button', { type: 'submit' }, t('game.send')),
    );
    commentForm.addEventListener('submit', (e) => {
      e.preventDefault();
      const input = commentForm.querySelector('input')!;
      const text = input.value.trim();
      if (!text) return;
      void busy(commentForm.querySelector('button'), async () => {
        await api.comment(id, text);
        input.value = '';
        await refresh();
      }, err.show);
    });
    const panel = h(
      'aside',
      { class: 'game-panel' },
      status,
      startNote,
      ratingNote,
      rematchBox,
      // The moves high in the panel: the newest and the arrows stay in a 1280x720 window.
      h('section', { class: 'moves-box' }, h('h2', {}, t('board.moves')), moveList, stepper),
      actions,
      forecastBox,
      h('section', { class: 'comments-box' }, h('h2', {}, t('game.comments')), commentsList, commentForm, commentLogin),
    );
    // The players and their clocks above and below the board: the viewer's side below.
    rows.white = h('div', { class: 'player-row', 'data-color': 'white' }, players.white, clocks.white.el);
    rows.black = h('div', { class: 'player-row', 'data-color': 'black' }, players.black, clocks.black.el);
    const column = h('div', { class: 'game-board' }, rows.white, widget.el, rows.black);
    root.append(h('div', { class: 'page game-page' }, title, err.el, h('div', { class: 'game-layout' }, column, panel)));
    disposers.push(fitBoardToWindow(column));
    const keys = (e: KeyboardEvent) => {
      if ((e.target as Element).closest('input, textarea, select, svg.board')) return;
      if (e.key === 'ArrowLeft') show(shownPly - 1);
      else if (e.key === 'ArrowRight') show(shownPly + 1);
      else if (e.key === 'Home') show(0);
      else if (e.key === 'End') show(positions.length - 1);
      else if (e.key === 'f' && !e.ctrlKey && !e.metaKey && !e.altKey) {
        localFlip = !localFlip;
        drawAll();
      } else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', keys);
    disposers.push(() => document.removeEventListener('keydown', keys));
  }

  function show(ply: number): void {
    if (!view) return;
    const p = Math.max(0, Math.min(positions.length - 1, ply));
    shownPly = p;
    followLatest = p === positions.length - 1;
    widget?.cancel();
    drawAll();
  }

  function drawAll(): void {
    if (!view || !widget || !catalog) return;
    const v = view;
    const name = gameTitle;
    title.replaceChildren(`${name} · `, h('span', { class: 'muted' }, t('shell.gameNumber', { id: v.id })), v.time_control.kind !== 'none' ? h('span', { class: 'tc' }, ` · ${describeTimeControl(v.time_control)}`) : '');
    const pos = positions[shownPly]!;
    // Every piece's igui and pass too, not only the first piece's that the list names.
    const mine = myColor();
    let legal: UsiMove[] | null = null;
    if (canMove()) legal = parseUsiList(pos, [...v.legal_moves, ...(v.other_spellings ?? [])]);
    else if (canPremove() && mine) {
      if (premoveMoves?.ply === v.ply) legal = premoveMoves.moves;
      else askPremoves(v, mine);
    }
    if (!canPremove()) premove = null;
    const premoveMove = premove ? parseUsiList(pos, [premove])[0] : undefined;
    const last = shownPly > 0 ? parsedMoves[shownPly - 1] : undefined;
    const check = shownPly === positions.length - 1 ? (v.check ?? []).map((s) => parseSquare(pos, s)).filter((s): s is number => s !== null) : [];
    widget.set({
      pos, legal, lastMove: last ? moveSquares(last) : [], check, flip: flip(), coords: session.prefs.coords, pieceSet: session.prefs.pieceSet, zoneRanks, showHands: drops,
      mover: mine && canPremove() ? mine : undefined, premove: premoveMove ? moveSquares(premoveMove) : [],
      premoveText: premove ? t('board.premoveBar', { move: premoveMove ? moveText(pos, premoveMove, premove) : premove }) : undefined,
      reserveBar: !!mine && v.status === 'active', diagrams: session.prefs.diagrams,
    });
    const board = root.querySelector('.board');
    board?.setAttribute('aria-label', t(`board.atPly.${pos.side}`, { ply: shownPly }));
    board?.setAttribute('data-ply', String(shownPly));
    if (premove) {
      board?.setAttribute('data-premove', premove);
      board?.setAttribute('aria-description', t('board.premoveLabel', { usi: premove }));
    } else {
      board?.removeAttribute('data-premove');
      board?.removeAttribute('aria-description');
    }

    for (const color of ['black', 'white'] as const) {
      const u = v[color];
      const el = players[color];
      el.replaceChildren(
        h('span', { class: `stone ${color}`, 'aria-hidden': 'true' }),
        playerLink(u.name, 'player-name'),
        ratingEl(v.ratings?.[color]),
        h('span', { class: 'muted' }, t(color === 'black' ? 'game.asBlack' : 'game.asWhite')),
        v.berserk?.[color] ? h('span', { class: 'berserk-mark', title: t('game.berserked'), 'aria-label': t('game.berserked') }, ' ⚡') : '',
        v.status === 'active' && v.to_move === color ? h('span', { class: 'to-move', title: t('game.toMoveMark') }, ' ●') : '',
      );
      clocks[color].update(v.clock, colourTimeControl(v.time_control, !!v.berserk?.[color]), v.status === 'active' ? v.clock?.running ?? null : null);
    }
    // The viewer's side below, as on the board.
    const bottom: Color = flip() ? 'white' : 'black';
    const top: Color = bottom === 'black' ? 'white' : 'black';
    const column = widget.el.parentElement;
    if (column && (column.firstElementChild !== rows[top] || column.lastElementChild !== rows[bottom])) {
      column.prepend(rows[top]);
      column.append(rows[bottom]);
    }
    if (pos.files >= ZOOM_FILES && zoomButton.parentElement !== rows[top]) rows[top].insertBefore(zoomButton, clocks[top].el);
    document.title = `${mine && v.status === 'active' && v.to_move === mine ? t('game.yourMoveTitle') : ''}${t('game.versus', { black: v.black.name, white: v.white.name })} · ${name} · Kirin`;

    // Status.
    let text: string;
    if (v.status === 'finished' || v.status === 'aborted') text = resultText(v);
    else if (v.status === 'adjourned') text = v.sealed?.usi ? t('game.adjournedSealedYours', { usi: v.sealed.usi }) : t('game.adjournedSealed');
    else if (mine) text = v.to_move === mine ? t('game.yourMove') : t('game.waitingFor', { name: v[v.to_move].name });
    else text = t(v.to_move === 'black' ? 'lobby.toMoveBlack' : 'lobby.toMoveWhite');
    if (v.draw_offer && v.status === 'active') text += ` · ${v.draw_offer === mine ? t('game.youOfferedDraw') : t('game.offersDraw', { name: v[v.draw_offer].name })}`;
    if (v.takeback_offer && v.status === 'active') text += ` · ${t('play.takebackStatus', { name: v[v.takeback_offer].name })}`;
    if (adjourning) text = t('game.sealPrompt');
    if (!atLatest()) text = t('game.viewing', { ply: shownPly, n: positions.length - 1, status: text });
    status.textContent = text;
    status.dataset.status = v.status;
    status.dataset.result = v.result;
    const changes = [v.ratings?.black, v.ratings?.white].filter((c) => c !== undefined);
    ratingNote.replaceChildren(...(changes.length
      ? changes.map((c) => h('div', { class: 'rating-change', 'data-user': c.user.name }, ratingChangeText(c)))
      : [h('span', { class: 'muted' }, t(v.rated ? 'ratings.rated' : 'ratings.casual'))]));

    drawStartNote();
    drawRematch();
    drawActions();
    drawForecast();
    drawMoves();
    drawComments();
  }

  function drawActions(): void {
    const v = view!;
    const mine = myColor();
    actions.replaceChildren();
    const act = (label: string, cls: string, f: () => Promise<unknown>, confirmText?: string) =>
      h('button', {
        type: 'button',
        class: cls,
        onclick: (e: Event) => {
          if (confirmText && !window.confirm(confirmText)) return;
          void busy(e.currentTarget as HTMLButtonElement, async () => {
            err.clear();
            await f();
            await refresh();
          }, err.show);
        },
      }, label);
    if (mine && (v.status === 'active' || v.status === 'adjourned')) {
      if (v.status === 'active') {
        if (canMove()) {
          const input = h('input', { name: 'usi', placeholder: t('board.usiPlaceholder'), title: t('board.usiTitle'), 'aria-label': t('board.usiLabel'), autocomplete: 'off', spellcheck: 'false', class: 'usi-input' });
          actions.append(h('form', { class: 'inline-form usi-form', onsubmit: (e: Event) => {
            e.preventDefault();
            const text = input.value.trim();
            if (text) void sendMove(text);
          } }, input, h('button', { type: 'submit' }, t('game.play'))));
        }
        if (v.draw_offer && v.draw_offer !== mine) {
          actions.append(act(t('game.acceptDraw'), 'accept-draw primary', () => api.acceptDraw(id)), act(t('game.declineDraw'), 'decline-draw', () => api.declineDraw(id)));
        } else if (!v.draw_offer) {
          actions.append(act(t('game.offerDraw'), 'offer-draw', () => api.offerDraw(id)));
        }
        drawTakeback(act);
        if (v.to_move === mine)
          actions.append(h('button', { type: 'button', class: `adjourn${adjourning ? ' active' : ''}`, 'aria-pressed': adjourning ? 'true' : 'false', onclick: () => { adjourning = !adjourning; drawAll(); } }, t(adjourning ? 'game.cancelAdjourn' : 'game.adjourn')));
      } else {
        actions.append(act(t('game.resume'), 'resume primary', () => api.resume(id)));
      }
      if (mayBerserk(v, mine)) {
        const berserk = act(`⚡ ${t('game.berserk')}`, 'berserk', () => api.berserk(id), t('game.berserkConfirm'));
        berserk.title = t('game.berserkTitle');
        actions.append(berserk);
      }
      // Before both sides have moved the game can be aborted, not resigned (lishogi's way).
      if (v.status === 'active' && v.ply < 2) {
        const abort = act(t('match.abort'), 'abort danger', () => api.abort(id), t('match.abortConfirm'));
        abort.title = t('match.abortTitle');
        actions.append(abort);
      } else {
        actions.append(act(t('game.resign'), 'resign danger', () => api.resign(id), t('game.resignConfirm')));
      }
    }
    if (v.tournament) actions.append(h('a', { class: 'button tournament-link', href: `/tournaments/${v.tournament}` }, t('game.tournament')));
    actions.append(
      h('button', { type: 'button', class: 'flip', onclick: () => { localFlip = !localFlip; drawAll(); }, title: t('game.flipBoardTitle') }, t('game.flipBoard')),
      h('a', { class: 'button', href: `/analysis?game=${id}&ply=${shownPly}` }, t('game.analyse')),
      // A finished game's computer analysis (pages/gameReview.ts), on the analysis board.
      ...(v.status === 'finished' ? [h('a', { class: `button computer-analysis${v.analysed ? ' analysed' : ''}`, href: `/analysis?game=${id}` }, v.analysed ? t('review.see') : t('review.title'))] : []),
      h('a', { class: 'button rules-link', href: `/rules/${encodeURIComponent(v.setup.game)}${v.setup.profile ? `?profile=${encodeURIComponent(v.setup.profile)}` : ''}` }, t('rules.nav')),
      h('details', { class: 'downloads' }, h('summary', {}, t('game.download')),
        h('a', { href: api.recordUrl(id, 'usi'), download: true, target: '_blank' }, 'USI'), ' ',
        h('a', { href: api.recordUrl(id, 'kif'), download: true, target: '_blank' }, 'KIF'), ' ',
        h('a', { href: api.recordUrl(id, 'gamecourier'), download: true, target: '_blank' }, 'Game Courier'), ' ',
        h('a', { href: `/games/${id}/board.svg`, target: '_blank' }, t('game.boardSvg'))),
    );
  }

  /** The takeback button, or the open request: the opponent's to answer, or the viewer's own. */
  function drawTakeback(act: (label: string, cls: string, f: () => Promise<unknown>) => HTMLElement): void {
    const v = view!;
    const mine = myColor();
    if (!mine || v.setup.takebacks === false) return;
    if (v.takeback_offer && v.takeback_offer !== mine) {
      actions.prepend(h('div', { class: 'takeback-prompt', role: 'alert' },
        h('p', {}, t('play.takebackOffered', { name: v[v.takeback_offer].name })),
        act(t('play.takebackAccept'), 'accept-takeback primary', () => api.acceptTakeback(id)),
        act(t('play.takebackDecline'), 'decline-takeback', () => api.declineTakeback(id))));
    } else if (v.takeback_offer === mine) {
      actions.prepend(h('div', { class: 'takeback-prompt mine' },
        h('p', {}, t('play.takebackAsked')),
        act(t('play.takebackWithdraw'), 'withdraw-takeback', () => api.declineTakeback(id))));
    } else if (v.ply >= (v.to_move === mine ? 2 : 1)) {
      const b = act(t('play.takeback'), 'takeback', () => api.takeback(id));
      b.title = t('play.takebackTitle');
      actions.append(b);
    }
  }

  /** The moves of a stored line, written in the viewer's notation from the current position. */
  function lineText(line: string[]): string {
    let pos = positions[positions.length - 1]!;
    const out: string[] = [];
    for (const usi of line) {
      const m = parseUsiList(pos, [usi])[0];
      if (!m) {
        out.push(usi);
        continue;
      }
      try {
        out.push(formatMove(pos, m, session.prefs.notation, catalog!, session.prefs.coords));
      } catch {
        out.push(usi);
      }
      pos = applyMove(pos, m, drops);
    }
    return out.join(' ');
  }

  function drawForecast(): void {
    const v = view!;
    const mine = myColor();
    const shown = !!mine && v.status === 'active' && v.time_control.kind !== 'live' && v.black.name !== v.white.name;
    forecastBox.hidden = !shown;
    if (!shown) return;
    if (forecastAsked !== v.ply) {
      forecastAsked = v.ply;
      void api.forecast(id).then((f) => {
        if (disposed || view?.ply !== f.ply) return;
        forecast = f;
        drawForecast();
      }).catch((e: unknown) => err.show(t('play.forecastFailed', { message: errorMessage(e) })));
    }
    const lines = forecast?.ply === v.ply ? forecast.lines : [];
    const store = async (next: string[][]) => {
      err.clear();
      forecast = await api.setForecast(id, next);
      drawForecast();
    };
    const list = h('ol', { class: 'forecast-lines' }, ...lines.map((line, i) => h('li', {},
      h('span', { class: 'forecast-line', title: line.join(' ') }, lineText(line)),
      h('button', { type: 'button', class: 'delete-line', 'aria-label': t('play.forecastDelete', { n: i + 1 }), title: t('play.forecastDelete', { n: i + 1 }),
        onclick: (e: Event) => void busy(e.currentTarget as HTMLButtonElement, () => store(lines.filter((_, j) => j !== i)), err.show) }, '×'))));
    const input = forecastInput;
    const yourTurn = v.to_move === mine;
    const form = h('form', { class: 'inline-form forecast-form', onsubmit: (e: Event) => {
      e.preventDefault();
      const line = input.value.trim().split(/\s+/).filter((m) => m);
      if (!line.length) return;
      void busy(form.querySelector('button'), async () => {
        await store([...lines, line]);
        input.value = '';
      }, (m) => err.show(t('play.forecastFailed', { message: m })));
    } }, h('label', { for: 'forecast-line', class: 'visually-hidden' }, t('play.forecastLine')), input, h('button', { type: 'submit', disabled: yourTurn }, t('play.forecastStore')));
    forecastBox.replaceChildren(
      h('h2', {}, t('play.forecast')),
      h('p', { class: 'muted small' }, yourTurn ? t('play.forecastYourTurn') : t('play.forecastHelp')),
      lines.length ? list : h('p', { class: 'muted' }, t('play.forecastNone')),
      form,
      yourTurn ? '' : h('p', { class: 'small' }, h('a', { href: `/analysis?game=${id}`, class: 'forecast-analysis' }, t('play.forecastAnalysisLink'))),
    );
  }

  function drawMoves(): void {
    const v = view!;
    moveList.replaceChildren();
    const notation = session.prefs.notation;
    v.moves.forEach((m, i) => {
      const before = positions[i];
      const parsed = parsedMoves[i];
      let text = m.usi;
      if (before && parsed) {
        try {
          text = formatMove(before, parsed, notation, catalog!, session.prefs.coords);
        } catch {
          text = m.usi;
        }
      }
      const color = before?.side ?? (i % 2 === 0 ? 'black' : 'white');
      const li = h('li', { 'data-ply': m.ply, class: `${color}${shownPly === i + 1 ? ' current' : ''}`, value: m.ply },
        h('button', { type: 'button', onclick: () => show(i + 1), 'aria-label': t('board.moveLabel', { ply: m.ply, move: text }), title: m.usi }, text));
      moveList.append(li);
    });
    if (v.status === 'finished' || v.status === 'aborted') moveList.append(h('li', { class: 'result', 'aria-label': t('board.result') }, resultText(v)));
    keepCurrentInView(moveList);
    const n = positions.length - 1;
    stepper.replaceChildren(
      h('button', { type: 'button', 'aria-label': t('board.firstPosition'), onclick: () => show(0), disabled: shownPly === 0 }, '«'),
      h('button', { type: 'button', 'aria-label': t('board.previousMove'), class: 'prev', onclick: () => show(shownPly - 1), disabled: shownPly === 0 }, '◀'),
      h('span', { class: 'ply-counter' }, `${shownPly} / ${n}`),
      h('button', { type: 'button', 'aria-label': t('board.nextMove'), class: 'next', onclick: () => show(shownPly + 1), disabled: shownPly >= n }, '▶'),
      h('button', { type: 'button', 'aria-label': t('board.lastPosition'), onclick: () => show(n), disabled: shownPly >= n }, '»'),
    );
  }

  function drawComments(): void {
    const v = view!;
    commentsList.replaceChildren();
    if (v.comments.length === 0) commentsList.append(h('li', { class: 'muted' }, t('game.noComments')));
    if (v.comments_total > v.comments.length) {
      commentsList.append(h('li', { class: 'muted' }, t('game.latestComments', { n: v.comments.length, total: v.comments_total })));
    }
    for (const c of v.comments) {
      // Another's comment may be reported by anyone signed in.
      const report = session.signedIn && c.user.name.toLowerCase() !== session.name?.toLowerCase()
        ? [' ', reportButton({ kind: 'comment', user: c.user.name, game: id, id: c.id, excerpt: c.text })] : [];
      commentsList.append(h('li', { 'data-comment': c.id }, h('strong', {}, c.user.name), h('span', { class: 'muted' }, ` · ${t('game.commentAtMove', { ply: c.ply })} · ${timeAgo(c.at)}`), ...report, h('div', {}, c.text)));
    }
    commentForm.hidden = !session.signedIn;
    commentLogin.hidden = session.signedIn;
  }

  /** Until both sides have moved: the clocks wait, and a countdown to the abort. */
  function drawStartNote(): void {
    const v = view!;
    window.clearInterval(startTimer);
    const waiting = v.status === 'active' && v.ply < 2 && v.time_control.kind === 'live';
    startNote.hidden = !waiting;
    if (!waiting) return;
    const receivedAt = Date.now();
    const draw = () => {
      const abortAt = v.clock?.abort_at;
      const left = abortAt ? Math.max(0, Math.ceil((abortAt - v.clock.now - (Date.now() - receivedAt)) / 1000)) : null;
      const yours = myColor() === v.to_move;
      const countdown = yours ? t('match.abortCountdownYou', { seconds: left ?? 0 }) : t('match.abortCountdown', { name: v[v.to_move].name, seconds: left ?? 0 });
      startNote.classList.toggle('yours', yours && left !== null);
      startNote.classList.toggle('urgent', yours && left !== null && left <= 10);
      startNote.replaceChildren(...(left !== null
        ? [h('span', { class: 'start-seconds', 'aria-hidden': 'true' }, t('match.secondsLeft', { seconds: left })), h('strong', { class: 'start-countdown' }, countdown), h('span', { class: 'start-wait' }, t('match.clocksWait'))]
        : [h('span', { class: 'start-wait' }, t('match.clocksWait'))]));
    };
    draw();
    if (v.clock?.abort_at) startTimer = window.setInterval(draw, 1000);
  }

  /** The rematch, as lishogi shows it on a finished game: offer, answer, or the new game. */
  function drawRematch(): void {
    const v = view!;
    const mine = myColor();
    rematchBox.replaceChildren();
    const over = v.status === 'finished' || v.status === 'aborted';
    rematchBox.hidden = !over || (!mine && v.rematch?.status !== 'accepted');
    if (rematchBox.hidden) return;
    const r = v.rematch ?? null;
    const me = session.name?.toLowerCase();
    const button = (label: string, cls: string, f: () => Promise<unknown>) =>
      h('button', { type: 'button', class: cls, onclick: (e: Event) => void busy(e.currentTarget as HTMLButtonElement, async () => { err.clear(); await f(); await refresh(); }, err.show) }, label);
    if (r?.status === 'accepted' && r.game) {
      rematchBox.append(h('a', { class: 'button primary rematch-link', href: `/game/${r.game}` }, t('match.rematchGame', { id: r.game })));
      return;
    }
    if (r?.status === 'open') {
      if (r.challenger.name.toLowerCase() === me) {
        rematchBox.append(h('p', { class: 'rematch-waiting' }, t('match.rematchOffered', { name: r.opponent?.name ?? '' })), button(t('match.cancel'), 'cancel-rematch', () => api.cancelChallenge(r.id)));
      } else {
        // The terms are this game's with colours swapped: the one accepting plays the other colour.
        const terms = t(r.color === 'black' ? 'match.rematchTermsWhite' : 'match.rematchTermsBlack', { time: describeTimeControl(r.time_control) });
        rematchBox.append(h('p', { class: 'rematch-offer' }, t('match.rematchFrom', { name: r.challenger.name }), ' ', h('span', { class: 'muted rematch-terms' }, terms)),
          button(t('match.accept'), 'accept-rematch primary', async () => {
            const a = await api.acceptChallenge(r.id);
            navigate(`/game/${a.game}`);
          }),
          button(t('match.decline'), 'decline-rematch', () => api.declineChallenge(r.id)));
      }
      return;
    }
    if (r?.status === 'declined' && r.challenger.name.toLowerCase() === me && r.opponent)
      rematchBox.append(h('p', { class: 'muted rematch-declined' }, t('match.rematchDeclined', { name: r.opponent.name })));
    rematchBox.append(button(t('match.rematch'), 'rematch', rematch));
  }

  /** A rematch accepted (by either player) takes both players to the new game. */
  function onGameEvent(ev: PushEvent): void {
    if (ev.kind === 'challenge' && ev.rematch_of === id && ev.text === 'accepted' && ev.game && myColor()) {
      status.textContent = t('match.rematchStarting');
      navigate(`/game/${ev.game}`);
      return;
    }
    // A comment a moderator removed goes at once; the refresh confirms.
    if (ev.kind === 'removed' && ev.text === 'comment') commentsList.querySelector(`li[data-comment="${ev.removed}"]`)?.remove();
    void refresh();
  }

  /** The same game again with colours swapped: a rematch offer to the opponent. */
  /** The same game again with colours swapped: the server takes its terms from this game. */
  async function rematch(): Promise<void> {
    const c = await api.createChallenge({ rematch_of: id });
    // Against the computer, or when the opponent had offered it too, the game starts at once.
    if (c.game) navigate(`/game/${c.game}`);
  }

  async function sendMove(usi: string): Promise<void> {
    if (!view) return;
    err.clear();
    const ply = view.ply;
    if (adjourning) {
      adjourning = false;
      await busy(null, async () => {
        await api.adjourn(id, usi);
      }, err.show);
      await refresh();
      return;
    }
    sending = true;
    // Show the move at once; the server's answer confirms it.
    try {
      const before = positions[positions.length - 1]!;
      const parsed = parseUsiList(before, [usi])[0];
      if (parsed) {
        positions.push(applyMove(before, parsed, drops));
        parsedMoves.push(parsed);
        shownPly = positions.length - 1;
        drawAll();
      }
      await api.move(id, usi, ply);
    } catch (e) {
      err.show(t('game.moveNotPlayed', { usi, message: errorMessage(e) }));
    } finally {
      sending = false;
      await refresh();
    }
  }

  let refreshing: Promise<void> | null = null;
  let again = false;
  async function refresh(): Promise<void> {
    if (refreshing) {
      again = true;
      return refreshing;
    }
    refreshing = (async () => {
      do {
        again = false;
        try {
          const v = await api.game(id);
          if (!disposed && !sending) setView(v);
        } catch (e) {
          if (!disposed) err.show(t('game.updateFailed', { message: errorMessage(e) }));
        }
      } while (again && !disposed);
    })();
    try {
      await refreshing;
    } finally {
      refreshing = null;
    }
  }

  disposers.push(push.subscribe(`game:${id}`, onGameEvent));
  disposers.push(push.onReconnect(() => void refresh()));
  disposers.push(session.onChange(() => drawAll()));
  void load();

  return {
    dispose() {
      disposed = true;
      window.clearTimeout(deadlineTimer);
      window.clearInterval(startTimer);
      clocks.black.dispose();
      clocks.white.dispose();
      disposers.forEach((f) => f());
    },
  };
}
