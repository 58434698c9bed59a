// The analysis board: any position (a game's, at any ply, or an SFEN) with the engine's
// evaluation and principal variation as they come, from the engine in this browser or the
// server's (engine/choose.ts).
import { api, ApiError, errorMessage } from '../api/client';
import type { AnalysisRequest, GameSummary, GameView, VariantDetail } from '../api/types';
import { engineFor } from '../engine/choose';
import type { EngineLine, RunningAnalysis } from '../engine/engine';
import { t } from '../i18n';
import { BoardWidget } from '../render/boardWidget';
import { blackScore, EvalBar, formatScore } from '../render/evalBar';
import { fitBoardToWindow } from '../render/fitBoard';
import type { PieceCatalog } from '../render/pieces';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session, viewFromWhite } from '../session';
import { formatMove } from '../shogi/notation';
import { applyMove, moveSquares, replay, replayFromSfens } from '../shogi/replay';
import { positionMoves } from '../shogi/rulesWasm';
import { parseSfen, styleFor, toSfenFields, type Position } from '../shogi/sfen';
import { describeSfenError } from '../shogi/sfenError';
import { parseUsi, parseUsiList, type UsiMove } from '../shogi/usi';
import { boardZoom, ZOOM_FILES } from '../ui/boardZoom';
import { keepCurrentInView } from '../ui/moveList';
import { busy, loading, notice } from '../ui/notice';
import { resultText } from '../ui/result';
import { FindMateBox } from './findMate';
import { GameReview } from './gameReview';
import { PlayComputerBox } from './playComputer';
import { catalogFor, gameName, hasDrops, rulesOf, variantList } from '../variants';
import './game.css';

export function analysisPage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  const disposers: Array<() => void> = [];
  let disposed = false;
  const err = notice('error');
  const gameId = query.get('game') ? Number(query.get('game')) : null;
  const importId = query.get('import') ? Number(query.get('import')) : null;
  let variant = query.get('variant') ?? 'chu';
  let startSfen = query.get('sfen') ?? '';
  let moves: string[] = (query.get('moves') ?? '').split(/[\s,]+/).filter(Boolean);
  let ply = Number(query.get('ply') ?? NaN);
  let positions: Position[] = [];
  let parsed: UsiMove[] = [];
  let catalog: PieceCatalog | null = null;
  let detail: VariantDetail | null = null;
  let drops = false;
  let widget: BoardWidget | null = null;
  // The running analysis, and a count that tells its events from an earlier one's.
  let analysis: RunningAnalysis | null = null;
  let analysisToken = 0;
  let running = false;
  // Where the engine runs ("in this browser"), and why not in the browser if not.
  let engineWhere = '';
  let engineNote = '';
  // The latest info of each line (index 0: the best), all from the same search.
  let lines: EngineLine[] = [];
  const evalBar = new EvalBar();
  // No engine help for a player in their own game in progress.
  let engineBarred = false;
  // Which way up: as in the viewer's own game, else Black below; the Flip button turns it.
  let fromWhite = false;
  let localFlip = false;
  let engineStatus = '';
  // The legal moves of the position shown, asked of the rules (askLegal): `line`
  // is the moves they follow, so an answer about a position no longer shown is dropped.
  let legal: { line: string; moves: UsiMove[] } | null = null;
  let asking: string | null = null;
  // The game's rules (profile, options, drops, handicap) go with every analysis request.
  let setup: Pick<AnalysisRequest, 'profile' | 'options' | 'drops' | 'handicap'> = {};
  // A game's computer analysis (gameReview.ts): its graph under the board, its card beside.
  let game: GameView | null = null;
  let review: GameReview | null = null;

  const title = h('h1', {}, t('title.analysis'));
  const engineBox = h('section', { class: 'card engine', 'aria-live': 'polite' });
  const moveList = h('ol', { class: 'move-list', 'aria-label': t('board.moves') });
  const stepper = h('div', { class: 'stepper' });
  // A player's game without a live clock, on the opponent's turn: the line analysed after the game's
  // moves can be stored as conditional moves (the game's forecast).
  let forecastFrom: string[] | null = null; // the game's moves
  const forecastBox = h('div', { class: 'forecast-store', hidden: true });
  const variantSelect = h('select', { name: 'variant', 'aria-label': t('analysis.game') });
  const sfenInput = h('input', { name: 'sfen', placeholder: t('sfen.placeholder'), spellcheck: 'false', autocomplete: 'off', 'aria-label': t('analysis.sfenLabel'), 'aria-describedby': 'sfen-error' });
  // A bad SFEN, typed or in the address: said beside the field; the board stays as it was.
  const sfenError = h('p', { class: 'field-error', id: 'sfen-error', role: 'alert', hidden: true });
  const showSfenError = (text: string | null) => {
    sfenError.textContent = text ?? '';
    sfenError.hidden = !text;
    if (text) sfenInput.setAttribute('aria-invalid', 'true');
    else sfenInput.removeAttribute('aria-invalid');
  };
  /** The server's word on an SFEN of the game: null when it is a position of it, else the error. */
  const checkSfen = async (game: string, sfen: string, fields?: string[]): Promise<string | null> => {
    try {
      await api.position({ variant: game, sfen });
      return null;
    } catch (e) {
      if (e instanceof ApiError && e.field === 'sfen') return describeSfenError(e.message, fields);
      throw e;
    }
  };
  let addressError: string | null = null;
  // To the board editor with the position shown, and to the game's rules.
  const editLink = h('a', { class: 'button small edit-position' }, t('editor.editPosition'));
  const rulesLink = h('a', { class: 'button small rules-link' }, t('rules.nav'));
  const toggle = h('button', { type: 'button', class: 'primary analyse-toggle', onclick: () => (running ? stop() : start()) }, t('engine.start'));
  // "Find a mate": the mate solver on the position shown; its line plays through on the board.
  let keepMate = false;
  const findMate = new FindMateBox({
    request: () => ({ variant, sfen: startSfen, moves: moves.slice(0, ply), ...setup }),
    written: (line) => {
      const base = positions[ply]!;
      const r = replay(base, line, drops);
      return line.map((m, i) => {
        const side = r.positions[i]!.side;
        try {
          return { text: formatMove(r.positions[i]!, r.parsed[i]!, session.prefs.notation, catalog!, session.prefs.coords), side };
        } catch {
          return { text: m, side };
        }
      });
    },
    playLine: (base, line, count) => {
      if (!setLine([...base, ...line.slice(0, count)])) return;
      keepMate = true;
      if (base.length + count === ply) draw();
      else show(base.length + count);
      keepMate = false;
    },
  });
  // "Play the computer": a casual game from the position shown.
  const playBox = new PlayComputerBox({
    request: () => ({ variant, sfen: startSfen, moves: moves.slice(0, ply), ...setup }),
    sideToMove: () => positions[ply]!.side,
    legalCount: () => (legal?.line === lineKey(ply) ? legal.moves.length : null),
    play: (usi) => playMove(usi),
    starting: (side) => {
      stop();
      localFlip = (side === 'white') !== fromWhite;
    },
  });
  root.append(loading(t('analysis.loading')));

  async function load(): Promise<void> {
    try {
      if (gameId) {
        const g = await api.game(gameId);
        game = g;
        variant = g.setup.game;
        startSfen = g.start_sfen;
        moves = g.moves.map((m) => m.usi);
        const c = await catalogFor(variant);
        catalog = c.catalog;
        detail = c.detail;
        drops = hasDrops(g.setup.drops, g.setup.options, detail, g.setup.profile);
        setup = rulesOf(g.setup);
        const me = session.name?.toLowerCase();
        engineBarred = g.status !== 'finished' && !!me && (g.black.name.toLowerCase() === me || g.white.name.toLowerCase() === me);
        const mine = g.black.name.toLowerCase() === me ? 'black' : g.white.name.toLowerCase() === me ? 'white' : null;
        if (mine && g.status === 'active' && g.time_control.kind !== 'live' && g.black.name !== g.white.name && g.to_move !== mine) forecastFrom = [...moves];
        fromWhite = viewFromWhite(g.white.name.toLowerCase() === me ? 'white' : g.black.name.toLowerCase() === me ? 'black' : null);
        title.replaceChildren(`${t('analysis.ofGame')} · `, h('a', { href: `/game/${gameId}` }, t('shell.gameNumber', { id: gameId })), h('span', { class: 'muted' }, ` · ${t('game.versus', { black: g.black.name, white: g.white.name })}`));
      } else if (importId) {
        // An imported record (POST /api/import): its game, start and moves; never a player's.
        const g = await api.importedGame(importId);
        variant = g.game;
        startSfen = g.start_sfen;
        moves = g.moves ?? [];
        const c = await catalogFor(variant);
        catalog = c.catalog;
        detail = c.detail;
        drops = hasDrops(null, undefined, detail);
        title.replaceChildren(t('import.analysisTitle'), h('span', { class: 'muted' }, ` · ${t('game.versus', { black: g.black || t('import.unnamed'), white: g.white || t('import.unnamed') })}`));
      } else {
        const c = await catalogFor(variant);
        catalog = c.catalog;
        detail = c.detail;
        drops = hasDrops(null, undefined, detail);
        if (startSfen) {
          // A position from the address that is not one of this game: its start position instead.
          addressError = await checkSfen(variant, startSfen, detail?.sfen_fields);
          if (addressError) {
            startSfen = '';
            moves = [];
          }
        }
        if (!startSfen) startSfen = detail?.setup_sfen ?? '';
      }
      if (!startSfen) throw new Error(t('analysis.noStart', { game: detail ? gameName(detail) : variant }));
      const start = parseSfen(startSfen, styleFor(variant, detail?.sfen_style));
      if (start.hands.black.size || start.hands.white.size) drops = true;
      const r = replay(start, moves, drops);
      positions = r.positions;
      parsed = r.parsed;
      if (!(ply >= 0 && ply < positions.length)) ply = positions.length - 1;
      if (game && catalog) review = mountReview(game, catalog);
    } catch (e) {
      if (disposed) return;
      root.replaceChildren();
      build();
      err.show(errorMessage(e));
      return;
    }
    if (disposed) return;
    root.replaceChildren();
    build();
    draw();
  }

  function build(): void {
    if (catalog) {
      widget = new BoardWidget(catalog, (usi) => playMove(usi));
      disposers.push(() => widget?.dispose());
    }
    void variantList().then((vs) => {
      variantSelect.replaceChildren(...vs.map((v) => h('option', { value: v.id, selected: v.id === variant }, gameName(v))));
    }).catch(() => undefined);
    sfenInput.value = gameId ? '' : query.get('sfen') ?? '';
    if (addressError) showSfenError(t('sfen.addressError', { game: detail ? gameName(detail) : variant, error: addressError }));
    const setup = h('form', { class: 'inline-form analysis-setup', onsubmit: (e: Event) => {
      e.preventDefault();
      const game = variantSelect.value || variant;
      const sfen = sfenInput.value.trim();
      const q = new URLSearchParams({ variant: game });
      if (!sfen) return navigate(`/analysis?${q}`);
      q.set('sfen', sfen);
      const button = (e.currentTarget as HTMLFormElement).querySelector('button');
      void busy(button, async () => {
        const fields = game === variant ? detail?.sfen_fields : (await catalogFor(game)).detail?.sfen_fields;
        const problem = await checkSfen(game, sfen, fields);
        if (disposed) return;
        showSfenError(problem);
        if (!problem) navigate(`/analysis?${q}`);
      }, (message) => showSfenError(message));
    } }, variantSelect, sfenInput, h('button', { type: 'submit' }, t('analysis.setUp')));
    const large = (detail?.files ?? 0) >= ZOOM_FILES;
    const column = h('div', { class: 'game-board' }, large ? boardZoom(() => widget?.el) : null, widget ? widget.el : null, review?.graph);
    // The evaluation bar hangs beside the board itself (below it on a phone).
    widget?.el.querySelector('.board-wrap')?.append(evalBar.el);
    disposers.push(fitBoardToWindow(column));
    root.append(h('div', { class: 'page analysis-page' }, title, err.el,
      h('div', { class: 'game-layout' },
        column,
        h('aside', { class: 'game-panel' }, engineBox, review?.el, h('section', { class: 'moves-box' }, h('h2', {}, t('board.moves')), moveList, stepper, forecastBox), findMate.el, engineBarred ? null : playBox.el, h('section', { class: 'card' }, h('h2', {}, t('analysis.position')), setup, sfenError, h('p', { class: 'analysis-links' }, editLink, ' ', rulesLink), h('p', { class: 'muted' }, t('analysis.help')))))));
    const keys = (e: KeyboardEvent) => {
      if ((e.target as Element).closest('input, textarea, select, svg.board')) return;
      if (e.key === 'ArrowLeft') show(ply - 1);
      else if (e.key === 'ArrowRight') show(ply + 1);
      else return;
      e.preventDefault();
    };
    document.addEventListener('keydown', keys);
    disposers.push(() => document.removeEventListener('keydown', keys));
  }

  /** The computer analysis of the game `g`, on its own line of the board. */
  function mountReview(g: GameView, c: PieceCatalog): GameReview {
    const gameMoves = g.moves.map((m) => m.usi);
    const r = new GameReview({ game: g, positions: [...positions], parsed: [...parsed], catalog: c, setup,
      goTo: (p) => {
        // Back on the game's line if a variation was played over it.
        const off = gameMoves.some((m, i) => moves[i] !== m);
        if (off) setLine(gameMoves);
        if (p === ply) draw();
        else show(p);
      },
      redraw: () => draw() });
    disposers.push(() => r.dispose());
    return r;
  }

  function show(p: number): void {
    const next = Math.max(0, Math.min(positions.length - 1, p));
    if (next === ply) return;
    ply = next;
    if (!keepMate) findMate.reset();
    history.replaceState(null, '', location.pathname + '?' + new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(location.search)), ply: String(ply) }));
    if (running) {
      start();
    } else {
      lines = []; // they were about another position
      engineStatus = '';
    }
    draw();
  }

  /** The button that stores the moves shown after the game's as a conditional line. */
  function drawForecastStore(): void {
    const from = forecastFrom;
    forecastBox.hidden = !from || !gameId;
    if (!from || !gameId) return;
    const line = moves.slice(from.length, ply);
    const ok = from.every((m, i) => moves[i] === m) && ply >= from.length + 2 && line.length % 2 === 0;
    const done = notice('success');
    const button = h('button', { type: 'button', class: 'store-forecast', disabled: !ok, onclick: () => void busy(button, async () => {
      err.clear();
      const stored = await api.forecast(gameId);
      const f = await api.setForecast(gameId, [...(stored.ply === from.length ? stored.lines : []), line]);
      done.show(t('play.forecastStored', { n: f.lines.length }));
    }, (m) => err.show(t('play.forecastFailed', { message: m }))) });
    button.append(t('play.forecastFromAnalysis'));
    forecastBox.replaceChildren(button, h('small', { class: 'muted' }, t('play.forecastFromAnalysisHelp')), done.el);
  }

  /** A move played on the board: the moves after the one shown give way to it. */
  function playMove(usi: string): void {
    if (setLine([...moves.slice(0, ply), usi])) show(ply + 1);
  }

  /** The moves of the board from its start become `line` (in the address too); false if
   * they do not replay. */
  function setLine(line: string[]): boolean {
    try {
      const r = replay(positions[0]!, line, drops);
      moves = line;
      positions = r.positions;
      parsed = r.parsed;
    } catch (e) {
      err.show(errorMessage(e));
      return false;
    }
    if (!gameId) {
      const q = new URLSearchParams(location.search);
      q.set('moves', moves.join(' '));
      history.replaceState(null, '', `${location.pathname}?${q}`);
    }
    return true;
  }

  function lineKey(p: number): string {
    return moves.slice(0, p).join(' ');
  }

  /** The legal moves of the position shown, from the rules (in this page, else the server's);
   * the rules module's positions of the line replace the page's own replay up to it. */
  function askLegal(): void {
    const p = ply;
    const key = lineKey(p);
    if (asking === key || legal?.line === key) return;
    asking = key;
    positionMoves({ variant, sfen: startSfen, moves: moves.slice(0, p), ...setup, sfens: true }).then((r) => {
      if (disposed || lineKey(ply) !== key) return;
      if (r.sfens) {
        const real = replayFromSfens(r.sfens, moves.slice(0, p), styleFor(variant, detail?.sfen_style));
        positions.splice(0, p + 1, ...real.positions);
        parsed.splice(0, p, ...real.parsed);
      }
      legal = { line: key, moves: parseUsiList(positions[p]!, [...r.legal_moves, ...r.other_spellings]) };
      draw();
    }, (e) => {
      if (!disposed) err.show(t('analysis.legalFailed', { message: errorMessage(e) }));
    }).finally(() => {
      if (asking === key) asking = null;
    });
  }

  function draw(): void {
    if (!catalog || !widget) return;
    const pos = positions[ply]!;
    const last = ply > 0 ? parsed[ply - 1] : undefined;
    const shownLegal = legal?.line === lineKey(ply) ? legal.moves : null;
    if (!shownLegal) askLegal();
    widget.set({ pos, legal: shownLegal, lastMove: last ? moveSquares(last) : [], flip: fromWhite !== localFlip, coords: session.prefs.coords, pieceSet: session.prefs.pieceSet, zoneRanks: detail?.zone_ranks, showHands: drops, arrows: bestArrow(pos), reserveBar: true, diagrams: session.prefs.diagrams });
    widget.el.querySelector('svg.board')?.setAttribute('data-ply', String(ply));
    const fields = detail?.profiles?.find((p) => p.name === setup.profile)?.sfen_fields ?? detail?.sfen_fields ?? ['board', 'side', 'hands', 'move_number'];
    editLink.href = `/editor?${new URLSearchParams({ variant, sfen: toSfenFields(pos, fields) })}`;
    rulesLink.href = `/rules/${encodeURIComponent(variant)}${setup.profile ? `?profile=${encodeURIComponent(setup.profile)}` : ''}`;
    moveList.replaceChildren(...moves.map((m, i) => {
      let text = m;
      try {
        text = formatMove(positions[i]!, parsed[i]!, session.prefs.notation, catalog!, session.prefs.coords);
      } catch {
        /* USI as it is */
      }
      return h('li', { 'data-ply': i + 1, value: i + 1, class: `${positions[i]!.side}${ply === i + 1 ? ' current' : ''}` }, h('button', { type: 'button', onclick: () => show(i + 1), title: m }, text));
    }));
    review?.update(ply, moveList, moves);
    keepCurrentInView(moveList);
    drawForecastStore();
    stepper.replaceChildren(
      h('button', { type: 'button', class: 'prev', 'aria-label': t('board.previousMove'), onclick: () => show(ply - 1), disabled: ply === 0 }, '◀'),
      h('span', { class: 'ply-counter' }, `${ply} / ${positions.length - 1}`),
      h('button', { type: 'button', class: 'next', 'aria-label': t('board.nextMove'), onclick: () => show(ply + 1), disabled: ply >= positions.length - 1 }, '▶'),
      h('button', { type: 'button', class: 'flip', title: t('board.flipTitle'), onclick: () => { localFlip = !localFlip; draw(); } }, t('board.flip')),
    );
    drawEngine();
    playBox.update();
  }

  /** The engine's best move as an arrow (start, legs, end; a drop from nowhere is its square). */
  function bestArrow(pos: Position): number[][] {
    const first = lines[0]?.pv[0];
    if (!first) return [];
    try {
      const m = parseUsi(pos, first);
      if (m.kind === 'drop') return [];
      return [m.mid !== null ? [m.from, m.mid, m.to] : [m.from, m.to]];
    } catch {
      return [];
    }
  }

  /** A line's moves written in the chosen notation (USI from a move that does not parse on). */
  function lineWords(pos: Position, pv: string[]): string[] {
    let p = pos;
    const parts: string[] = [];
    for (const m of pv) {
      try {
        const mv = parseUsi(p, m);
        parts.push(formatMove(p, mv, session.prefs.notation, catalog!, session.prefs.coords));
        p = applyMove(p, mv, drops);
      } catch {
        return [...parts, ...pv.slice(parts.length)];
      }
    }
    return parts;
  }

  /** An engine line, each move a button: clicking one plays the line to it on the board
   * (lishogi's way), from where the engine goes on if it runs. */
  function lineButtons(pos: Position, pv: string[]): HTMLElement[] {
    const base = moves.slice(0, ply);
    return lineWords(pos, pv).map((text, i) => h('button', { type: 'button', class: 'pv-move', 'data-usi': pv[i]!, title: pv[i]!,
      'aria-label': t('engine.pvMove', { move: text }), onclick: () => {
        if (setLine([...base, ...pv.slice(0, i + 1)])) show(base.length + i + 1);
      } }, text));
  }

  function drawEngine(): void {
    toggle.textContent = running ? t('engine.stop') : t('engine.start');
    toggle.setAttribute('aria-pressed', running ? 'true' : 'false');
    toggle.disabled = engineBarred;
    if (engineBarred) engineStatus = t('engine.barred');
    const linesSelect = h('select', { class: 'engine-lines', 'aria-label': t('engine.linesLabel'), title: t('engine.linesLabel'), onchange: (e: Event) => {
      void session.setPrefs({ engineLines: Number((e.target as HTMLSelectElement).value) });
      if (running) start();
    } }, [1, 2, 3, 4, 5].map((n) => h('option', { value: String(n), selected: n === session.prefs.engineLines }, String(n))));
    const rows: HTMLElement[] = [h('div', { class: 'engine-head' }, h('h2', {}, t('engine.title')),
      h('label', { class: 'engine-lines-label' }, t('engine.lines'), ' ', linesSelect), toggle)];
    const pos = positions[ply];
    const best = lines[0];
    evalBar.set(best && pos ? blackScore(best, pos.side) : null, fromWhite !== localFlip);
    if (best && pos) {
      const score = formatScore(blackScore(best, pos.side));
      rows.push(h('div', { class: 'eval' }, h('span', { class: 'score', 'data-score': score, title: t('engine.scoreTitle') }, score),
        h('span', { class: 'muted' }, ' ', [t('engine.depth', { depth: `${best.depth}${best.seldepth ? `/${best.seldepth}` : ''}` }),
          ...(best.nodes ? [t('engine.nodes', { count: formatCount(best.nodes) })] : []),
          ...(best.nps ? [t('engine.speed', { count: formatCount(best.nps) })] : [])].join(' · '))));
      rows.push(h('ol', { class: 'engine-lines-list' }, lines.map((info, i) => {
        const s = formatScore(blackScore(info, pos.side));
        return h('li', { class: 'pv-line', 'data-line': i + 1, 'aria-label': t('engine.line', { n: i + 1 }) },
          h('span', { class: 'pv-score' }, s), ' ', h('span', { class: 'pv' }, ...(info.pv.length ? lineButtons(pos, info.pv) : ['—'])));
      })));
    } else {
      rows.push(h('p', { class: 'muted' }, running ? t('engine.thinking') : t('engine.intro')));
    }
    if (engineStatus) rows.push(h('p', { class: 'muted engine-status' }, engineStatus));
    if (engineWhere) rows.push(h('p', { class: 'muted engine-where' }, engineWhere));
    if (engineNote) rows.push(h('p', { class: 'engine-fallback', role: 'status' }, engineNote));
    engineBox.replaceChildren(...rows);
  }

  function start(): void {
    if (engineBarred) return;
    stop(false);
    playBox.stop(); // the engine's lines would tell the player the computer's moves
    running = true;
    lines = [];
    engineStatus = t('engine.loading');
    err.clear();
    drawEngine();
    const token = ++analysisToken;
    const multipv = session.prefs.engineLines;
    const mine = () => !disposed && token === analysisToken;
    void engineFor('analysis').then(({ engine, fallback }) => {
      if (!mine()) return;
      engineWhere = engine.where === 'server' ? t('engine.onServer') : engine.responsive ? t('engine.inBrowser') : t('engine.inBrowserOneThread');
      engineNote = fallback ?? '';
      engineStatus = '';
      drawEngine();
      analysis = engine.analyse({ variant, sfen: startSfen, moves: moves.slice(0, ply), ...setup, ...(multipv > 1 ? { multipv } : {}) }, {
        info: (line) => {
          if (!mine()) return;
          const before = lines[0]?.pv[0];
          const k = (line.multipv ?? 1) - 1;
          // Each line stays until the next iteration's line of its rank replaces it (the lines
          // do not blink out between iterations); a line that now starts as the new best does
          // not show twice.
          lines[k] = line;
          if (k === 0) lines = lines.filter((l, i) => i === 0 || l.pv[0] !== line.pv[0]);
          lines = lines.filter(Boolean).slice(0, multipv);
          engineStatus = '';
          if (k === 0 && line.pv[0] !== before) draw();
          else drawEngine();
        },
        queued: (ahead) => {
          if (!mine()) return;
          engineStatus = t('engine.queued', { ahead });
          drawEngine();
        },
        started: () => {
          if (!mine()) return;
          engineStatus = '';
          drawEngine();
        },
        done: (reason, _best, extra) => {
          if (!mine()) return;
          running = false;
          analysis = null;
          engineStatus = reason === 'game_over' ? gameOverText(extra ?? {}) : reason === 'finished' ? t('engine.finished') : '';
          drawEngine();
        },
        error: (message) => {
          if (!mine()) return;
          running = false;
          analysis = null;
          engineStatus = '';
          err.show(t('engine.error', { message }));
          drawEngine();
        },
      });
    });
  }

  function stop(redraw = true): void {
    analysisToken++;
    analysis?.stop();
    analysis = null;
    running = false;
    if (engineStatus === t('engine.loading')) engineStatus = '';
    if (redraw) drawEngine();
  }

  disposers.push(session.onChange(() => draw()));
  void load();
  return {
    dispose() {
      disposed = true;
      stop(false);
      playBox.stop();
      disposers.forEach((f) => f());
    },
  };
}

/** Why the moves end the game, in the page's language (the server's English as a fallback). */
function gameOverText(msg: { result?: string; outcome?: { result: string; reason: string } }): string {
  if (msg.outcome) return t('engine.gameOverWith', { result: resultText({ status: 'finished', result: msg.outcome.result as GameSummary['result'], reason: msg.outcome.reason, result_text: msg.result ?? '' }) });
  return msg.result ? t('engine.gameOverWith', { result: msg.result }) : t('engine.gameOver');
}

function formatCount(n: number): string {
  if (n >= 1e9) return `${(n / 1e9).toFixed(1)}G`;
  if (n >= 1e6) return `${(n / 1e6).toFixed(1)}M`;
  if (n >= 1e3) return `${(n / 1e3).toFixed(1)}k`;
  return String(n);
}
