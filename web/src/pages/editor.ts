// The board editor (/editor?variant=&sfen=): any position of any game, set up from a palette
// of the game's pieces (both colours, promoted too; click or drag, tap then tap on a phone),
// with the hands of drop games, the side to move and the counter-strike square. The SFEN is
// shown live and may be typed; the server checks the position before it goes to the analysis
// board or into a challenge.
import './editor.css';
import { errorMessage } from '../api/client';
import type { Color, VariantDetail } from '../api/types';
import { t } from '../i18n';
import { BoardView } from '../render/board';
import type { PieceCatalog } from '../render/pieces';
import { pieceIcon } from '../render/pieceSvg';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { clonePosition, parseSfen, SfenError, styleFor, toSfenFields, type Position } from '../shogi/sfen';
import { positionMoves } from '../shogi/rulesWasm';
import { loading, notice } from '../ui/notice';
import { gameName, catalogFor, hasDrops, variantList } from '../variants';

type Tool = { token: string; color: Color } | 'eraser' | null;

const SQUARE_RE = /^(\d{1,2})([a-z])$/;

export function editorPage(root: HTMLElement, _params: Record<string, string>, query: URLSearchParams): Page {
  let disposed = false;
  const variant = query.get('variant') ?? 'chu';
  const disposers: Array<() => void> = [];
  root.append(h('div', { class: 'page editor-page' }, loading(t('editor.loading'))));

  void catalogFor(variant).then(({ detail, catalog }) => {
    if (disposed) return;
    if (!detail?.setup_sfen) {
      const err = notice('error');
      err.show(t('rules.unknownGame', { game: variant }));
      root.replaceChildren(h('div', { class: 'page editor-page' }, h('h1', {}, t('editor.title')), err.el));
      return;
    }
    build(detail, catalog);
  }, (e: unknown) => {
    if (disposed) return;
    const err = notice('error');
    err.show(errorMessage(e));
    root.replaceChildren(h('div', { class: 'page editor-page' }, err.el));
  });

  function build(detail: VariantDetail, catalog: PieceCatalog): void {
    const style = styleFor(detail.id, detail.sfen_style);
    const fields = detail.sfen_fields ?? ['board', 'side', 'hands', 'move_number'];
    const given = query.get('sfen');
    // Hands where the game has drops, or where the position given holds pieces in hand.
    const givenHands = (() => {
      try {
        const p = parseSfen(given ?? '', style);
        return p.hands.black.size + p.hands.white.size > 0;
      } catch {
        return false;
      }
    })();
    const drops = hasDrops(null, undefined, detail) || fields.includes('hands') || givenHands;
    const start = parseSfen(detail.setup_sfen!, style);
    const tokens = new Set((detail.pieces ?? []).map((p) => p.token));
    let pos = start;
    let tool: Tool = null;
    let flip = false;

    const board = new BoardView(catalog, (sq) => clickSquare(sq), undefined, (from, to) => dragOnBoard(from, to));
    board.draggable = (sq) => !!pos.board[sq];
    board.el.classList.add('interactive', 'editor-board');

    const sfenInput = h('input', { name: 'sfen', class: 'sfen-input', spellcheck: 'false', autocomplete: 'off', 'aria-label': t('editor.sfen'), 'aria-describedby': 'editor-sfen-error' });
    const sfenError = h('p', { class: 'field-error', id: 'editor-sfen-error', role: 'alert', hidden: true });
    const copyButton = h('button', { type: 'button', class: 'copy-sfen', onclick: () => void copySfen() }, t('editor.copy'));
    const status = h('p', { class: 'editor-status', role: 'status', 'aria-live': 'polite' });
    const palette = h('div', { class: 'palette', role: 'toolbar', 'aria-label': t('editor.palette') });
    const handsBox = h('div', { class: 'editor-hands' });
    const sideBox = h('fieldset', { class: 'editor-side' });
    const csInput = h('input', { name: 'lion_square', class: 'cs-input', autocomplete: 'off', spellcheck: 'false', placeholder: '-', 'aria-describedby': 'editor-cs-error' });
    const csError = h('p', { class: 'field-error', id: 'editor-cs-error', role: 'alert', hidden: true });
    const analyse = h('button', { type: 'button', class: 'primary editor-analyse', onclick: () => void leave('analysis') }, t('editor.analyse'));
    const challenge = h('button', { type: 'button', class: 'editor-challenge', onclick: () => void leave('challenge') }, t('editor.challenge'));

    const gameSelect = h('select', { name: 'variant', 'aria-label': t('editor.game') });
    void variantList().then((vs) => {
      gameSelect.replaceChildren(...vs.map((v) => h('option', { value: v.id, selected: v.id === detail.id }, gameName(v))));
    }).catch(() => undefined);
    gameSelect.addEventListener('change', () => navigate(`/editor?variant=${encodeURIComponent(gameSelect.value)}`));

    // ---- The palette: every piece of the game in both colours, and the eraser.
    const paletteButtons: HTMLButtonElement[] = [];
    const pieceButton = (token: string, color: Color) => {
      const name = catalog.name(token);
      const side = color === 'black' ? t('editor.black') : t('editor.white');
      const b = h('button', { type: 'button', class: 'palette-piece', 'data-tool': `${color === 'black' ? 'b' : 'w'}:${token}`, title: `${side}: ${name}`, 'aria-label': t('editor.pieceButton', { side, piece: name }), 'aria-pressed': 'false', onclick: () => choose({ token, color }) },
        pieceIcon(catalog, token, color, session.prefs.pieceSet, 34));
      startsDrag(b, token, color);
      paletteButtons.push(b);
      return b;
    };
    const pieces = detail.pieces ?? [];
    const ordered = [...pieces.filter((p) => !p.promoted), ...pieces.filter((p) => p.promoted)];
    const eraser = h('button', { type: 'button', class: 'palette-eraser', 'data-tool': 'eraser', 'aria-pressed': 'false', onclick: () => choose('eraser') }, '⌫ ', t('editor.eraser'));
    paletteButtons.push(eraser);
    for (const color of ['black', 'white'] as const)
      palette.append(h('div', { class: 'palette-row', 'data-color': color }, h('span', { class: 'palette-label' }, color === 'black' ? t('editor.black') : t('editor.white')), ordered.map((p) => pieceButton(p.token, color))));
    palette.append(h('div', { class: 'palette-tools' }, eraser,
      h('button', { type: 'button', class: 'editor-clear', onclick: () => change({ ...clonePosition(pos), board: pos.board.map(() => null), hands: { black: new Map(), white: new Map() }, counterStrike: null }) }, t('editor.clear')),
      h('button', { type: 'button', class: 'editor-start', onclick: () => change(clonePosition(start)) }, t('editor.start')),
      h('button', { type: 'button', class: 'editor-flip', onclick: () => { flip = !flip; draw(); } }, t('editor.flip'))));

    function choose(next: Tool): void {
      const same = next === tool || (next !== null && next !== 'eraser' && tool !== null && tool !== 'eraser' && next.token === tool.token && next.color === tool.color);
      tool = same ? null : next;
      for (const b of paletteButtons) {
        const id = tool === 'eraser' ? 'eraser' : tool ? `${tool.color === 'black' ? 'b' : 'w'}:${tool.token}` : '';
        b.setAttribute('aria-pressed', b.dataset.tool === id ? 'true' : 'false');
      }
    }

    // A palette piece dragged with the mouse onto a square is placed there.
    function startsDrag(button: HTMLElement, token: string, color: Color): void {
      button.addEventListener('pointerdown', (e) => {
        if (e.pointerType !== 'mouse' || e.button !== 0) return;
        const x0 = e.clientX;
        const y0 = e.clientY;
        let ghost: Element | null = null;
        const move = (m: PointerEvent) => {
          if (!ghost && Math.hypot(m.clientX - x0, m.clientY - y0) < 8) return;
          if (!ghost) {
            ghost = pieceIcon(catalog, token, color, session.prefs.pieceSet, 48);
            ghost.classList.add('drag-ghost');
            document.body.append(ghost);
          }
          (ghost as SVGElement).style.left = `${m.clientX - 24}px`;
          (ghost as SVGElement).style.top = `${m.clientY - 24}px`;
        };
        const up = (u: PointerEvent) => {
          window.removeEventListener('pointermove', move);
          window.removeEventListener('pointerup', up);
          if (!ghost) return;
          ghost.remove();
          const g = document.elementFromPoint(u.clientX, u.clientY)?.closest('svg.editor-board [data-sq]');
          if (g) put(Number(g.getAttribute('data-index')), { token, color });
        };
        window.addEventListener('pointermove', move);
        window.addEventListener('pointerup', up);
      });
    }

    function put(sq: number, piece: { token: string; color: Color } | null): void {
      const next = clonePosition(pos);
      next.board[sq] = piece ? { token: piece.token, color: piece.color } : null;
      change(next);
    }

    function clickSquare(sq: number): void {
      if (tool === 'eraser') return put(sq, null);
      if (!tool) return;
      const there = pos.board[sq];
      // The same piece again takes it away: a tap corrects a tap.
      if (there && there.token === tool.token && there.color === tool.color) put(sq, null);
      else put(sq, tool);
    }

    function dragOnBoard(from: number, to: number | null): void {
      const next = clonePosition(pos);
      const piece = next.board[from];
      next.board[from] = null;
      if (to !== null && piece) next.board[to] = { token: piece.token, color: piece.color };
      change(next);
    }

    // ---- Side to move, counter-strike square, hands.
    const sideRadio = (color: Color) => h('label', {}, h('input', { type: 'radio', name: 'side', value: color === 'black' ? 'b' : 'w', onchange: () => change({ ...clonePosition(pos), side: color }) }), ' ', color === 'black' ? t('editor.blackToMove') : t('editor.whiteToMove'));
    sideBox.append(h('legend', {}, t('editor.sideToMove')), sideRadio('black'), sideRadio('white'));
    csInput.addEventListener('input', () => {
      const text = csInput.value.trim();
      if (text === '' || text === '-') {
        csError.hidden = true;
        change({ ...clonePosition(pos), counterStrike: null }, 'cs');
        return;
      }
      const m = SQUARE_RE.exec(text);
      if (!m || Number(m[1]) < 1 || Number(m[1]) > pos.files || m[2]!.charCodeAt(0) - 97 >= pos.ranks) {
        csError.textContent = t('editor.counterStrikeBad', { text });
        csError.hidden = false;
        return;
      }
      csError.hidden = true;
      change({ ...clonePosition(pos), counterStrike: text }, 'cs');
    });
    const handKinds = (detail.hand_order as string[] | undefined) ?? pieces.filter((p) => !p.promoted && !p.royal).map((p) => p.token);

    function drawHands(): void {
      handsBox.replaceChildren();
      if (!drops) return;
      handsBox.append(h('h2', {}, t('editor.hands')));
      for (const color of ['black', 'white'] as const) {
        const side = color === 'black' ? t('editor.black') : t('editor.white');
        const row = h('div', { class: 'hand-row', 'data-color': color, 'aria-label': t('editor.handOf', { side }) }, h('span', { class: 'palette-label' }, side));
        for (const token of handKinds) {
          const n = pos.hands[color].get(token) ?? 0;
          const name = catalog.name(token);
          const key = `${color === 'black' ? 'b' : 'w'}:${token}`;
          const set = (count: number) => {
            const next = clonePosition(pos);
            if (count > 0) next.hands[color].set(token, count);
            else next.hands[color].delete(token);
            change(next);
          };
          row.append(h('span', { class: `hand-kind${n ? ' held' : ''}`, 'data-hand': key },
            h('button', { type: 'button', class: 'hand-add', 'data-hand-add': key, title: t('editor.add', { piece: name }), 'aria-label': t('editor.add', { piece: name }), onclick: () => set(n + 1) }, pieceIcon(catalog, token, color, session.prefs.pieceSet, 30)),
            h('span', { class: 'count' }, String(n)),
            h('button', { type: 'button', class: 'hand-remove', 'data-hand-remove': key, 'aria-label': t('editor.remove', { piece: name }), disabled: n === 0, onclick: () => set(n - 1) }, '−')));
        }
        handsBox.append(row);
      }
    }

    // ---- The SFEN: written live, read when typed (an error leaves the position as it was).
    const sfen = () => toSfenFields(pos, fields);
    const fieldName = (i: number) => {
      const f = fields[i] ?? 'move_number';
      return f === 'board' || f === 'side' || f === 'hands' || f === 'lion_square' ? t(`editor.field.${f}`) : t('editor.field.move_number');
    };
    function readSfen(text: string): Position {
      let p: Position;
      try {
        p = parseSfen(text, style);
      } catch (e) {
        const offset = e instanceof SfenError ? e.offset : 0;
        const index = text.trimStart().slice(0, offset).split(/\s+/).length - 1;
        throw new Error(t('editor.sfenError', { field: fieldName(Math.max(0, index)), message: errorMessage(e) }));
      }
      if (p.files !== start.files || p.ranks !== start.ranks)
        throw new Error(t('editor.sfenError', { field: fieldName(0), message: t('editor.sizeMismatch', { files: p.files, ranks: p.ranks, game: gameName(detail), wantFiles: start.files, wantRanks: start.ranks }) }));
      for (const piece of p.board)
        if (piece && !tokens.has(piece.token))
          throw new Error(t('editor.sfenError', { field: fieldName(0), message: t('editor.unknownPiece', { token: piece.token, game: gameName(detail) }) }));
      for (const color of ['black', 'white'] as const)
        for (const token of p.hands[color].keys())
          if (!tokens.has(token))
            throw new Error(t('editor.sfenError', { field: fieldName(fields.indexOf('hands')), message: t('editor.unknownPiece', { token, game: gameName(detail) }) }));
      return p;
    }
    sfenInput.addEventListener('input', () => {
      try {
        const p = readSfen(sfenInput.value);
        sfenError.hidden = true;
        change(p, 'sfen');
      } catch (e) {
        sfenError.textContent = errorMessage(e);
        sfenError.hidden = false;
        sfenInput.setAttribute('aria-invalid', 'true');
      }
    });
    async function copySfen(): Promise<void> {
      try {
        await navigator.clipboard.writeText(sfen());
      } catch {
        sfenInput.select();
        document.execCommand('copy');
      }
      status.textContent = t('editor.copied');
    }

    // ---- The rules' check (rulesWasm.ts: in the page, else the server's), before the position
    // leaves the page (a refusal is shown here; not on every edit, as the positions on the way
    // are often not playable yet).
    let checked: { sfen: string; error: string | null } | null = null;
    async function check(text: string): Promise<string | null> {
      if (checked?.sfen === text) return checked.error;
      let error: string | null = null;
      try {
        await positionMoves({ variant: detail.id, sfen: text });
      } catch (e) {
        error = errorMessage(e);
      }
      checked = { sfen: text, error };
      return error;
    }
    function showCheck(text: string, error: string | null): void {
      if (disposed || text !== sfen()) return;
      status.classList.toggle('refused', error !== null);
      status.classList.toggle('accepted', error === null);
      status.replaceChildren(error === null ? t('editor.accepted') : t('editor.refused', { message: error }));
    }
    async function leave(where: 'analysis' | 'challenge'): Promise<void> {
      const text = sfen();
      const button = where === 'analysis' ? analyse : challenge;
      button.disabled = true;
      status.textContent = t('editor.checking');
      const error = await check(text);
      button.disabled = false;
      if (disposed) return;
      showCheck(text, error);
      if (error !== null) return;
      const q = new URLSearchParams({ variant: detail.id, sfen: text });
      if (where === 'analysis') navigate(`/analysis?${q}`);
      else if (session.signedIn) navigate(`/?${q}`);
      else navigate(`/login?next=${encodeURIComponent(`/?${q}`)}`);
    }

    // ---- Drawing.
    function change(next: Position, from?: 'sfen' | 'cs'): void {
      pos = next;
      draw(from);
    }
    function draw(from?: 'sfen' | 'cs'): void {
      board.render(pos, { flip, coords: session.prefs.coords, pieceSet: session.prefs.pieceSet, zoneRanks: detail.zone_ranks });
      for (const r of sideBox.querySelectorAll<HTMLInputElement>('input[name=side]')) r.checked = r.value === (pos.side === 'black' ? 'b' : 'w');
      if (from !== 'cs') csInput.value = pos.counterStrike ?? '';
      drawHands();
      const text = sfen();
      if (from !== 'sfen') {
        sfenInput.value = text;
        sfenError.hidden = true;
      }
      sfenInput.removeAttribute('aria-invalid');
      const q = new URLSearchParams({ variant: detail.id, sfen: text });
      history.replaceState(null, '', `/editor?${q}`);
      status.classList.remove('refused', 'accepted');
      status.textContent = '';
    }

    const sfenCard = h('section', { class: 'card editor-sfen' },
      h('label', { for: 'editor-sfen' }, t('editor.sfen')),
      h('div', { class: 'sfen-row' }, sfenInput, copyButton),
      sfenError,
      h('small', { class: 'muted' }, t('editor.sfenHelp')));
    root.replaceChildren(h('div', { class: 'page editor-page' },
      h('div', { class: 'editor-head' }, h('h1', {}, t('editor.title')), gameSelect, h('a', { href: `/rules/${encodeURIComponent(detail.id)}` }, t('rules.howToPlayGame', { game: gameName(detail) })),
        h('div', { class: 'editor-actions' }, analyse, challenge)),
      status,
      h('div', { class: 'editor-layout' },
        h('div', { class: 'editor-board-box' }, board.el, sfenCard),
        h('aside', { class: 'editor-panel' },
          h('section', { class: 'card palette-card' }, h('h2', {}, t('editor.palette')), h('p', { class: 'muted small' }, t('editor.paletteHelp')), palette),
          h('section', { class: 'card' }, sideBox,
            fields.includes('lion_square') ? h('div', { class: 'field' }, h('label', { for: 'editor-cs' }, t('editor.counterStrike')), csInput, h('small', { class: 'muted' }, t('editor.counterStrikeHelp')), csError) : null),
          drops ? h('section', { class: 'card' }, handsBox) : null)),
    ));
    sfenInput.id = 'editor-sfen';
    csInput.id = 'editor-cs';

    // A bad SFEN in the address leaves the start position on the board, the error beside it.
    let givenError: string | null = null;
    if (given) {
      try {
        pos = readSfen(given);
      } catch (e) {
        givenError = errorMessage(e);
      }
    }
    draw();
    if (given && givenError) {
      sfenInput.value = given;
      sfenError.textContent = givenError;
      sfenError.hidden = false;
    }
  }

  return {
    dispose() {
      disposed = true;
      disposers.forEach((f) => f());
    },
  };
}
