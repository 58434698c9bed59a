// Preferences: the piece set and the board's orientation (kept by the server for a signed-in
// user), the coordinates and the notation of the move list (kept in this browser), with a
// preview board.
import { h } from '../render/svg';
import { BoardView, COORD_STYLES, type CoordStyle } from '../render/board';
import { PIECE_SETS, type PieceSetId } from '../render/pieces';
import { lang, LANGS, LANGUAGE_WORD, t, type LangSetting } from '../i18n';
import { navigate, type Page } from '../router';
import { defaultHashMb } from '../engine/browserEngine';
import { ENGINE_MEMORY, session, type DisplayPrefs, type ThemeSetting } from '../session';
import { NOTATIONS, type NotationId } from '../shogi/notation';
import { parseSfen } from '../shogi/sfen';
import { busy, notice } from '../ui/notice';
import { catalogFor } from '../variants';
import { accountSection } from './accountSettings';

const PREVIEW = 'lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1';

export function settingsPage(root: HTMLElement): Page {
  const err = notice('error');
  const ok = notice('success');
  const preview = h('div', { class: 'settings-preview' });
  // `name`: the radios' form name (stable, whatever the language); `legend`: what people read.
  type Choice<T> = { id: T; label: string; lang?: string };
  const radios = <T extends string>(name: string, legend: string | Node[], options: ReadonlyArray<Choice<T>>, current: T, onPick: (v: T) => void) =>
    h('fieldset', { class: 'radio-group' }, h('legend', {}, legend),
      options.map((o) => {
        const input = h('input', { type: 'radio', name, value: o.id, checked: o.id === current, onchange: () => onPick(o.id) });
        return h('label', { class: 'radio' }, input, h('span', o.lang ? { lang: o.lang } : {}, o.label));
      }));
  const labelled = <T extends string>(ids: readonly T[], label: (id: T) => string): Array<Choice<T>> => ids.map((id) => ({ id, label: label(id) }));
  // The language's heading in the page's language and in the other one, so that anyone finds it.
  const other = lang() === 'ja' ? 'en' : 'ja';
  const languageLegend = [document.createTextNode(`${LANGUAGE_WORD[lang()]} / `), h('span', { lang: other }, LANGUAGE_WORD[other])];
  const languages: Array<Choice<LangSetting>> = [{ id: 'auto', label: t('settings.langAuto') }, ...LANGS.map((l) => ({ id: l.id, label: l.name, lang: l.id }))];
  const save = (p: Partial<DisplayPrefs>) => {
    ok.clear();
    void busy(null, async () => {
      await session.setPrefs(p);
      ok.show(session.signedIn ? t('settings.saved') : t('settings.savedHere'));
      drawPreview();
    }, err.show);
  };
  const checkbox = (id: string, label: string, checked: boolean, onPick: (on: boolean) => void) =>
    h('label', { class: 'radio', for: id }, h('input', { type: 'checkbox', id, checked, onchange: (e: Event) => onPick((e.target as HTMLInputElement).checked) }), h('span', {}, label));
  const volume = h('input', { type: 'range', id: 'pref-volume', min: 0, max: 100, step: 5, value: Math.round(session.prefs.volume * 100), disabled: !session.prefs.sounds,
    onchange: (e: Event) => save({ volume: Number((e.target as HTMLInputElement).value) / 100 }) });
  const flipBox = h('input', { type: 'checkbox', id: 'pref-flip', checked: session.prefs.flip, onchange: (e: Event) => save({ flip: (e.target as HTMLInputElement).checked }) });
  root.append(h('div', { class: 'page settings' },
    h('h1', {}, t('title.settings')),
    err.el, ok.el,
    h('div', { class: 'settings-grid' },
      h('div', {},
        radios<LangSetting>('Language', languageLegend, languages, session.prefs.lang, (v) => {
          // Every text on screen changes: draw the page (and the header) again.
          void session.setPrefs({ lang: v }).then(() => navigate(location.pathname + location.search, true));
        }),
        radios<ThemeSetting>('Theme', t('display.theme'), labelled(['system', 'light', 'dark'] as const, (id) => t(`display.theme.${id}`)), session.prefs.theme, (v) => save({ theme: v })),
        h('fieldset', { class: 'radio-group play-prefs' }, h('legend', {}, t('display.play')),
          checkbox('pref-diagrams', t('display.diagrams'), session.prefs.diagrams, (on) => save({ diagrams: on })),
          checkbox('pref-premoves', t('display.premoves'), session.prefs.premoves, (on) => save({ premoves: on })),
          checkbox('pref-sounds', t('display.sounds'), session.prefs.sounds, (on) => {
            volume.disabled = !on;
            save({ sounds: on });
          }),
          h('label', { class: 'range', for: 'pref-volume' }, h('span', {}, t('display.volume')), volume)),
        radios<DisplayPrefs['engine']>('Engine', t('display.engine'), labelled(['browser', 'server'] as const, (id) => t(`display.engine.${id}`)), session.prefs.engine, (v) => save({ engine: v })),
        h('label', { class: 'range', for: 'pref-engine-memory' }, h('span', {}, t('display.engineMemory')),
          h('select', { id: 'pref-engine-memory', onchange: (e: Event) => save({ engineMemory: Number((e.target as HTMLSelectElement).value) }) },
            ENGINE_MEMORY.map((mb) => h('option', { value: String(mb), selected: mb === session.prefs.engineMemory },
              mb ? t('display.engineMemory.mb', { mb }) : t('display.engineMemory.auto', { mb: defaultHashMb() }))))),
        radios<PieceSetId>('Pieces', t('settings.pieces'), labelled(PIECE_SETS, (id) => t(`settings.pieceSet.${id}`)), session.prefs.pieceSet, (v) => save({ pieceSet: v })),
        h('fieldset', { class: 'radio-group' }, h('legend', {}, t('settings.orientation')), h('label', { class: 'radio', for: 'pref-flip' }, flipBox, h('span', {}, t('settings.flip')))),
        radios<CoordStyle>('Coordinates', t('settings.coords'), labelled(COORD_STYLES, (id) => t(`settings.coords.${id}`)), session.prefs.coords, (v) => save({ coords: v })),
        radios<NotationId>('Move notation', t('settings.notation'), labelled(NOTATIONS, (id) => t(`settings.notation.${id}`)), session.prefs.notation, (v) => save({ notation: v })),
        session.signedIn
          ? radios<DisplayPrefs['boardStyle']>('Text boards', t('settings.boardStyle'), labelled(['standard', 'alternate', 'small'] as const, (id) => t(`settings.boardStyle.${id}`)),
            session.prefs.boardStyle, (v) => save({ boardStyle: v }))
          : ''),
      preview),
    session.signedIn ? accountSection() : ''));

  let board: BoardView | null = null;
  const drawPreview = () => {
    void catalogFor('chu').then(({ catalog, detail }) => {
      if (!board) {
        board = new BoardView(catalog, () => undefined);
        preview.append(h('h2', {}, t('settings.preview')), board.el);
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
