// The problems room (/problems: the collections by series, solved marks kept in this browser)
// and a problem's page (/problems/COLLECTION/NAME): the user plays the attacker's moves on the
// board, the server answers each with the longest defence (POST .../attempt), a wrong move is
// shown with the defence that refutes it and can be taken back, and the published solution
// can be replayed.
import { api, errorMessage } from '../api/client';
import type { AttemptAnswer, ProblemCollection, ProblemDetail, ProblemEntry, VariantDetail } from '../api/types';
import { lang, t } from '../i18n';
import { BoardWidget } from '../render/boardWidget';
import { fitBoardToWindow } from '../render/fitBoard';
import type { PieceCatalog } from '../render/pieces';
import { h } from '../render/svg';
import type { Page } from '../router';
import { session } from '../session';
import { formatMove } from '../shogi/notation';
import { moveSquares, replay } from '../shogi/replay';
import { positionMoves, replayLine } from '../shogi/rulesWasm';
import { parseSfen, styleFor, type Position } from '../shogi/sfen';
import { parseUsiList, type UsiMove } from '../shogi/usi';
import { loading, notice } from '../ui/notice';
import { catalogFor, gameName, variantList } from '../variants';
import { answerAttempt } from './problemAttempt';
import './problems.css';

const SOLVED_KEY = 'kirin.problems.solved';

/** The problems solved in this browser, as "collection/name". */
function solvedSet(): Set<string> {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(SOLVED_KEY) ?? '[]');
    return new Set(Array.isArray(list) ? list.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

function markSolved(collection: string, name: string): void {
  const solved = solvedSet();
  solved.add(`${collection}/${name}`);
  localStorage.setItem(SOLVED_KEY, JSON.stringify([...solved]));
}

function problemHref(collection: string, name: string): string {
  return `/problems/${encodeURIComponent(collection)}/${encodeURIComponent(name)}`;
}

/** A length in the page's language: the attacker's moves in English, every move in Japanese. */
function lengthParams(moves: number): { n: number; plies: number } {
  return { n: moves, plies: 2 * moves - 1 };
}

export function problemsPage(root: HTMLElement): Page {
  let disposed = false;
  const err = notice('error');
  root.append(loading(t('problems.loading')));
  // The games' names in the page's language (the server's English if they cannot be had).
  const names = variantList().then((vs) => new Map(vs.map((v) => [v.id, gameName(v)])), () => new Map<string, string>());
  void Promise.all([api.problems(), names]).then(([collections, gameNames]) => {
    if (disposed) return;
    const solved = solvedSet();
    root.replaceChildren(h('div', { class: 'page problems-room' }, h('h1', {}, t('problems.title')), err.el,
      h('p', { class: 'muted' }, t('problems.intro')), ...collections.map((c) => collectionCard(c, solved, gameNames.get(c.game) ?? c.game_name))));
  }, (e) => {
    if (disposed) return;
    root.replaceChildren(h('div', { class: 'page' }, h('h1', {}, t('problems.title')), err.el));
    err.show(errorMessage(e));
  });
  return { dispose: () => { disposed = true; } };
}

/** A collection's title in the page's language (the English one where it gives no other). */
function titleIn(en: string, ja: string | undefined): string {
  return lang() === 'ja' && ja ? ja : en;
}

function collectionCard(c: ProblemCollection, solved: Set<string>, game: string): HTMLElement {
  const done = c.series.reduce((k, s) => k + s.problems.filter((p) => solved.has(`${c.id}/${p.name}`)).length, 0);
  return h('section', { class: 'card problem-collection', 'data-collection': c.id },
    h('h2', {}, titleIn(c.title, c.title_ja)),
    h('p', { class: 'muted' }, `${game} · ${t('problems.count', { n: c.count })} · ${t('problems.solvedCount', { solved: done, n: c.count })}`),
    // The source is a citation, in English as the collection gives it.
    h('p', { class: 'problem-source' }, h('strong', {}, `${t('problems.source')}: `), h('span', { lang: 'en' }, c.source)),
    ...c.series.map((s) => h('div', { class: 'problem-series' },
      h('h3', {}, t('problems.series', { series: s.series })),
      h('ul', { class: 'problem-list' }, s.problems.map((p) => {
        const isSolved = solved.has(`${c.id}/${p.name}`);
        return h('li', {}, h('a', { href: problemHref(c.id, p.name), class: isSolved ? 'solved' : '', 'data-problem': p.name },
          h('span', { class: 'problem-name' }, p.name),
          h('span', { class: 'problem-length' }, t('problems.length', lengthParams(p.moves))),
          provedMark(p),
          isSolved ? h('span', { class: 'solved-mark', title: t('problems.solvedMark'), 'aria-label': t('problems.solvedMark') }, '✓') : null));
      })))));
}

/** Beside a problem's length: what Kirin proved (the same length, another, or at most). */
function provedMark(p: ProblemEntry): HTMLElement | null {
  const proved = p.proved;
  if (!proved) return null;
  const [text, title] = !proved.shortest
    ? [t('problems.provedAtMost', lengthParams(proved.moves)), t('problems.provedAtMostTitle', lengthParams(proved.moves))]
    : proved.moves === p.moves ? [t('problems.provedMark'), t('problems.provedSame')]
      : [t('problems.provedOther', lengthParams(proved.moves)), t('problems.provedOtherTitle', lengthParams(proved.moves))];
  return h('span', { class: `proved-mark${proved.shortest ? '' : ' at-most'}${proved.shortest && proved.moves !== p.moves ? ' other' : ''}`, title }, text);
}

/** Where an attempt stands after the server's last answer. */
type Status =
  | { kind: 'play' }
  | { kind: 'thinking' }
  | { kind: 'defended'; answer: AttemptAnswer }
  | { kind: 'wrong'; answer: AttemptAnswer; move: string }
  | { kind: 'unproved'; move: string }
  | { kind: 'solved' };

export function problemPage(root: HTMLElement, params: Record<string, string>): Page {
  const disposers: Array<() => void> = [];
  let disposed = false;
  const err = notice('error');
  const collection = params.collection!;
  const name = params.name!;
  let problem: ProblemDetail | null = null;
  let catalog: PieceCatalog | null = null;
  let detail: VariantDetail | null = null;
  let start: Position | null = null;
  let drops = false;
  let widget: BoardWidget | null = null;
  // The moves of the attempt (the attacker's and the server's defences), and after a wrong
  // move the refuting defence, shown but not part of the attempt.
  let moves: string[] = [];
  let refutation: string | null = null;
  let status: Status = { kind: 'play' };
  let solution: string[] | null = null;
  // A position of the solution shown instead of the attempt's (its ply), or null.
  let solutionPly: number | null = null;
  let legal: { line: string; moves: UsiMove[] } | null = null;

  const title = h('h1', {}, t('problems.problemTitle', { name }));
  const info = h('p', { class: 'problem-info' });
  const statusBox = h('div', { class: 'problem-status', role: 'status', 'aria-live': 'polite' });
  const controls = h('div', { class: 'problem-controls' });
  const moveList = h('ol', { class: 'move-list', 'aria-label': t('problems.moves') });
  const solutionBox = h('section', { class: 'card problem-solution', hidden: true });
  const analysisLink = h('a', { class: 'button small open-analysis' }, t('problems.openAnalysis'));
  const editorLink = h('a', { class: 'button small open-editor' }, t('problems.openEditor'));
  root.append(loading(t('problems.loading')));

  async function load(): Promise<void> {
    try {
      problem = await api.problem(collection, name);
      const c = await catalogFor(problem.game);
      catalog = c.catalog;
      detail = c.detail;
      start = parseSfen(problem.sfen, styleFor(problem.game, detail?.sfen_style));
      drops = start.hands.black.size > 0 || start.hands.white.size > 0;
    } catch (e) {
      if (disposed) return;
      root.replaceChildren(h('div', { class: 'page' }, title, err.el, h('p', {}, h('a', { href: '/problems' }, t('problems.toRoom')))));
      err.show(errorMessage(e));
      return;
    }
    if (disposed) return;
    build();
    draw();
  }

  function build(): void {
    const p = problem!;
    widget = new BoardWidget(catalog!, (usi) => play(usi));
    disposers.push(() => widget?.dispose());
    const column = h('div', { class: 'game-board' }, widget.el);
    disposers.push(fitBoardToWindow(column));
    const side = t(p.attacker === 'black' ? 'editor.black' : 'editor.white');
    info.replaceChildren(h('strong', {}, t('problems.attacks', { side, ...lengthParams(p.moves) })), ` · ${detail ? gameName(detail) : p.game_name}`);
    root.replaceChildren(h('div', { class: 'page problem-page' },
      h('p', { class: 'breadcrumb' }, h('a', { href: '/problems' }, t('problems.toRoom')), ` · ${titleIn(p.collection_title, p.collection_title_ja)}`),
      title, info, err.el,
      h('div', { class: 'game-layout' }, column,
        h('aside', { class: 'game-panel' },
          h('section', { class: 'card' }, statusBox, controls),
          h('section', { class: 'moves-box' }, h('h2', {}, t('problems.moves')), moveList),
          solutionBox,
          h('section', { class: 'card' }, h('p', { class: 'problem-links' }, analysisLink, editorLink),
            p.proved ? h('p', { class: 'problem-proved' }, t(p.proved.shortest ? 'problems.provedLine' : 'problems.provedLineAtMost', lengthParams(p.proved.moves)), ' ',
              h('a', { href: `/api/problems/${encodeURIComponent(p.collection)}/${encodeURIComponent(p.name)}/proof`, target: '_blank', rel: 'noopener' }, t('problems.proofLink', { positions: p.proved.positions }))) : null,
            h('p', { class: 'problem-source muted' }, `${t('problems.source')}: `, h('span', { lang: 'en' }, p.source)))))));
  }

  /** The line on the board now: the solution's, or the attempt's with a refutation. */
  function shownLine(): string[] {
    if (solution && solutionPly !== null) return solution.slice(0, solutionPly);
    return refutation ? [...moves, refutation] : moves;
  }

  function lineKey(line: string[]): string {
    return line.join(' ');
  }

  function userToMove(): boolean {
    return solutionPly === null && (status.kind === 'play' || status.kind === 'defended');
  }

  let asking: string | null = null; // the line whose legal moves are being asked for

  function askLegal(line: string[]): void {
    const key = lineKey(line);
    if (asking === key) return;
    asking = key;
    void positionMoves({ variant: problem!.game, sfen: problem!.sfen, moves: line }).finally(() => {
      if (asking === key) asking = null;
    }).then((r) => {
      if (disposed || lineKey(moves) !== key || !userToMove()) return;
      const pos = replay(start!, line, drops).positions.at(-1)!;
      legal = { line: key, moves: parseUsiList(pos, [...r.legal_moves, ...r.other_spellings]) };
      draw();
    }, (e) => {
      if (!disposed) err.show(errorMessage(e));
    });
  }

  function draw(): void {
    if (!widget || !start || !catalog) return;
    const line = shownLine();
    let r: { positions: Position[]; parsed: UsiMove[] };
    try {
      r = replayLine({ variant: problem!.game, sfen: problem!.sfen, moves: line }, start, drops, styleFor(problem!.game, detail?.sfen_style));
    } catch (e) {
      err.show(errorMessage(e));
      return;
    }
    const pos = r.positions.at(-1)!;
    const last = r.parsed.at(-1);
    const mayMove = userToMove();
    const shownLegal = mayMove && legal?.line === lineKey(moves) ? legal.moves : null;
    if (mayMove && !shownLegal) askLegal(moves);
    widget.set({ pos, legal: shownLegal, lastMove: last ? moveSquares(last) : [], flip: problem!.attacker === 'white', coords: session.prefs.coords,
      pieceSet: session.prefs.pieceSet, zoneRanks: detail?.zone_ranks, showHands: drops, reserveBar: true, diagrams: session.prefs.diagrams });
    widget.el.querySelector('svg.board')?.setAttribute('data-ply', String(line.length));
    const analysis = new URLSearchParams({ variant: problem!.game, sfen: problem!.sfen });
    if (line.length) analysis.set('moves', line.join(' '));
    analysisLink.href = `/analysis?${analysis}`;
    editorLink.href = `/editor?${new URLSearchParams({ variant: problem!.game, sfen: problem!.sfen })}`;
    drawMoves();
    drawStatus();
  }

  function written(pos: Position, move: UsiMove, usi: string): string {
    try {
      return formatMove(pos, move, session.prefs.notation, catalog!, session.prefs.coords);
    } catch {
      return usi;
    }
  }

  /** A move of the attempt, in the user's notation ("" if it does not parse). */
  function writtenAt(line: string[], i: number): string {
    try {
      const r = replay(start!, line.slice(0, i + 1), drops);
      return written(r.positions[i]!, r.parsed[i]!, line[i]!);
    } catch {
      return line[i] ?? '';
    }
  }

  /** The attempt's moves (with a refutation), whatever the board shows. */
  function drawMoves(): void {
    const line = refutation ? [...moves, refutation] : moves;
    let r: { positions: Position[]; parsed: UsiMove[] };
    try {
      r = replay(start!, line, drops);
    } catch {
      return;
    }
    moveList.replaceChildren(...line.map((m, i) => h('li', { value: i + 1, 'data-ply': i + 1,
      class: `${r.positions[i]!.side}${refutation && i === line.length - 1 ? ' refutation' : ''}${status.kind === 'wrong' && i === moves.length - 1 ? ' wrong' : ''}` },
    h('span', { title: m }, written(r.positions[i]!, r.parsed[i]!, m)))));
  }

  function drawStatus(): void {
    const line = shownLine();
    const lastOf = (i: number) => writtenAt(line, i);
    let text: string;
    let kind = '';
    switch (status.kind) {
      case 'play':
        text = t('problems.yourMove');
        break;
      case 'thinking':
        text = t('problems.thinking');
        kind = 'thinking';
        break;
      case 'defended': {
        const reply = lastOf(moves.length - 1);
        text = status.answer.from_book || !status.answer.mate_in ? t('problems.defended', { move: reply })
          : t(status.answer.mate_exact ? 'problems.defendedProved' : status.answer.mate_length === 'unbounded' ? 'problems.defendedUnbounded' : 'problems.defendedAtMost', { move: reply, ...lengthParams(status.answer.mate_in) });
        kind = 'right';
        break;
      }
      case 'wrong': {
        const move = lastOf(moves.length - 1);
        text = status.answer.reason === 'no-attack' ? t('problems.wrongNoAttack', { move })
          : refutation ? t('problems.wrongNoMate', { move, defence: lastOf(line.length - 1) }) : t('problems.wrongNoMateAny', { move });
        kind = 'wrong';
        break;
      }
      case 'unproved':
        text = t('problems.unproved', { move: lastOf(moves.length - 1) });
        kind = 'unproved';
        break;
      case 'solved':
        text = t('problems.solvedText');
        kind = 'solved';
        break;
    }
    statusBox.className = `problem-status ${kind}`;
    const verdict = h('p', { class: 'problem-verdict', 'data-verdict': status.kind }, text);
    if (status.kind === 'thinking') verdict.prepend(h('span', { class: 'spinner', 'aria-hidden': 'true' }), ' ');
    statusBox.replaceChildren(...(status.kind === 'solved' ? [h('p', { class: 'problem-solved' }, t('problems.solved'))] : []), verdict);
    const canTakeBack = solutionPly === null && status.kind !== 'thinking' && moves.length > 0;
    controls.replaceChildren(
      h('button', { type: 'button', class: 'take-back', disabled: !canTakeBack, onclick: takeBack }, t('problems.takeBack')),
      h('button', { type: 'button', class: 'restart', disabled: !canTakeBack, onclick: restart }, t('problems.restart')),
      h('button', { type: 'button', class: 'give-up', disabled: status.kind === 'thinking', onclick: () => void showSolution() }, t('problems.giveUp')));
  }

  function play(usi: string): void {
    if (!userToMove()) return;
    moves = [...moves, usi];
    legal = null;
    status = { kind: 'thinking' };
    err.clear();
    draw();
    const asked = lineKey(moves);
    answerAttempt(problem!, moves).then((answer) => {
      if (disposed || lineKey(moves) !== asked) return;
      switch (answer.verdict) {
        case 'solved':
          status = { kind: 'solved' };
          markSolved(collection, name);
          break;
        case 'defended':
          moves = [...moves, answer.reply!];
          status = { kind: 'defended', answer };
          break;
        case 'wrong':
          refutation = answer.refutation;
          status = { kind: 'wrong', answer, move: usi };
          break;
        case 'unproved':
        case 'unsolved': // never: answerAttempt solves these
          status = { kind: 'unproved', move: usi };
          break;
      }
      draw();
    }, (e) => {
      if (disposed || lineKey(moves) !== asked) return;
      moves = moves.slice(0, -1);
      status = { kind: 'play' };
      err.show(t('problems.failed', { message: errorMessage(e) }));
      draw();
    });
  }

  /** Back to the attacker's last turn before the newest move. */
  function takeBack(): void {
    // A wrong, unproved or mating move goes alone; else the last defence and the move before it.
    const alone = status.kind === 'wrong' || status.kind === 'unproved' || status.kind === 'solved';
    moves = moves.slice(0, alone ? -1 : -2);
    refutation = null;
    status = { kind: 'play' };
    legal = null;
    err.clear();
    draw();
  }

  function restart(): void {
    moves = [];
    refutation = null;
    status = { kind: 'play' };
    legal = null;
    err.clear();
    draw();
  }

  async function showSolution(): Promise<void> {
    try {
      solution ??= (await api.problemSolution(collection, name)).solution ?? [];
    } catch (e) {
      err.show(errorMessage(e));
      return;
    }
    if (disposed) return;
    const line = solution;
    const r = replay(start!, line, drops);
    const items = line.map((m, i) => h('li', { value: i + 1, class: r.positions[i]!.side },
      h('button', { type: 'button', 'data-ply': i + 1, title: m, onclick: () => { solutionPly = i + 1; draw(); markCurrent(); } }, written(r.positions[i]!, r.parsed[i]!, m))));
    const list = h('ol', { class: 'move-list solution-moves', 'aria-label': t('problems.solution') }, items);
    const markCurrent = () => items.forEach((li, i) => li.classList.toggle('current', solutionPly === i + 1));
    const back = h('button', { type: 'button', class: 'small back-to-attempt', onclick: () => { solutionPly = null; draw(); markCurrent(); } }, t('problems.backToAttempt'));
    solutionBox.hidden = false;
    solutionBox.replaceChildren(h('h2', {}, t('problems.solution')), h('p', { class: 'muted' }, t('problems.solutionText', lengthParams(problem!.moves))), list,
      h('p', { class: 'problem-links' }, h('button', { type: 'button', class: 'small', onclick: () => { solutionPly = 0; draw(); markCurrent(); } }, t('problems.solutionStart')), back));
    solutionPly = line.length;
    markCurrent();
    draw();
  }

  disposers.push(session.onChange(() => draw()));
  void load();
  return {
    dispose() {
      disposed = true;
      disposers.forEach((f) => f());
    },
  };
}
