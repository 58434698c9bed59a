// Preferences: the piece set and the board's orientation (kept by the server for a signed-in
// user), the coordinates and the notation of the move list (kept in this browser), with a
// preview board.
import { h } from '../render/svg';
import { BoardView, COORD_STYLES, type CoordStyle } from '../render/board';
import { PIECE_SETS, type PieceSetId } from '../render/pieces';
import { LANGS, t, type LangSetting } from '../i18n';
import { navigate, type Page } from '../router';
import { session, type DisplayPrefs, type ThemeSetting } from '../session';
import { NOTATIONS, type NotationId } from '../shogi/notation';
import { parseSfen } from '../shogi/sfen';
import { busy, notice } from '../ui/notice';
import { catalogFor } from '../variants';

const PREVIEW = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

export function settingsPage(root: HTMLElement): Page {
  const err = notice('error');
  const ok = notice('success');
  const preview = h('div', { class: 'settings-preview' });
  const radios = <T extends string>(name: string, options: Array<{ id: T; label: string }>, current: T, onPick: (v: T) => void) =>
    h('fieldset', { class: 'radio-group' }, h('legend', {}, name),
      options.map((o) => {
        const input = h('input', { type: 'radio', name, value: o.id, checked: o.id === current, onchange: () => onPick(o.id) });
        return h('label', { class: 'radio' }, input, h('span', {}, o.label));
      }));
  const save = (p: Partial<DisplayPrefs>) => {
    ok.clear();
    void busy(null, async () => {
      await session.setPrefs(p);
      ok.show(session.signedIn ? 'Saved.' : 'Saved in this browser (log in to keep it on your account).');
      drawPreview();
    }, err.show);
  };
  const checkbox = (id: string, label: string, checked: boolean, onPick: (on: boolean) => void) =>
    h('label', { class: 'radio', for: id }, h('input', { type: 'checkbox', id, checked, onchange: (e: Event) => onPick((e.target as HTMLInputElement).checked) }), h('span', {}, label));
  const volume = h('input', { type: 'range', id: 'pref-volume', min: 0, max: 100, step: 5, value: Math.round(session.prefs.volume * 100), disabled: !session.prefs.sounds,
    onchange: (e: Event) => save({ volume: Number((e.target as HTMLInputElement).value) / 100 }) });
  const flipBox = h('input', { type: 'checkbox', id: 'pref-flip', checked: session.prefs.flip, onchange: (e: Event) => save({ flip: (e.target as HTMLInputElement).checked }) });
  root.append(h('div', { class: 'page settings' },
    h('h1', {}, 'Preferences'),
    err.el, ok.el,
    h('div', { class: 'settings-grid' },
      h('div', {},
        radios<LangSetting>('Language / 言語', LANGS, session.prefs.lang, (v) => {
          // Every text on screen changes: draw the page (and the header) again.
          void session.setPrefs({ lang: v }).then(() => navigate(location.pathname + location.search, true));
        }),
        radios<ThemeSetting>(t('display.theme'), (['system', 'light', 'dark'] as const).map((id) => ({ id, label: t(`display.theme.${id}`) })), session.prefs.theme, (v) => save({ theme: v })),
        h('fieldset', { class: 'radio-group play-prefs' }, h('legend', {}, t('display.play')),
          checkbox('pref-diagrams', t('display.diagrams'), session.prefs.diagrams, (on) => save({ diagrams: on })),
          checkbox('pref-premoves', t('display.premoves'), session.prefs.premoves, (on) => save({ premoves: on })),
          checkbox('pref-sounds', t('display.sounds'), session.prefs.sounds, (on) => {
            volume.disabled = !on;
            save({ sounds: on });
          }),
          h('label', { class: 'range', for: 'pref-volume' }, h('span', {}, t('display.volume')), volume)),
        radios<PieceSetId>('Pieces', PIECE_SETS, session.prefs.pieceSet, (v) => save({ pieceSet: v })),
        h('fieldset', { class: 'radio-group' }, h('legend', {}, 'Board orientation'), h('label', { class: 'radio', for: 'pref-flip' }, flipBox, h('span', {}, 'In your games, your side at the bottom (White’s when you play White); otherwise Black is always at the bottom'))),
        radios<CoordStyle>('Coordinates', COORD_STYLES, session.prefs.coords, (v) => save({ coords: v })),
        radios<NotationId>('Move notation', NOTATIONS, session.prefs.notation, (v) => save({ notation: v })),
        session.signedIn
          ? radios<DisplayPrefs['boardStyle']>('Text boards (play by e-mail)', [
              { id: 'standard', label: 'Standard' },
              { id: 'alternate', label: 'Alternate (Shogi-L style)' },
              { id: 'small', label: 'Small' },
            ], session.prefs.boardStyle, (v) => save({ boardStyle: v }))
          : ''),
      preview)));

  let board: BoardView | null = null;
  const drawPreview = () => {
    void catalogFor('chu').then(({ catalog, detail }) => {
      if (!board) {
        board = new BoardView(catalog, () => undefined);
        preview.append(h('h2', {}, 'Preview'), board.el);
      }
      board.setCatalog(catalog);
      // Chu Shogi's setup, from the server's game data when it has it.
      const pos = parseSfen(detail?.setup_sfen ?? PREVIEW, 'lishogi-chu');
      board.render(pos, { flip: false, coords: session.prefs.coords, pieceSet: session.prefs.pieceSet, zoneRanks: detail?.zone_ranks ?? 4 });
    });
  };
  drawPreview();
  return {};
}
