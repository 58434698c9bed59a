// How to play a game (/rules/:game?profile=): drawn from the game's own definition (GET
// /api/variants/{id}): the rules of the chosen rule profile in words, and each piece with its
// move diagram (the tooltip's drawing), its moves in words and its promotion.
import './rules.css';
import { errorMessage } from '../api/client';
import type { VariantDetail, VariantPiece, VariantProfile } from '../api/types';
import { lang, t } from '../i18n';
import { BoardView } from '../render/board';
import { diagramElement } from '../render/diagram';
import type { PieceCatalog } from '../render/pieces';
import { pieceIcon } from '../render/pieceSvg';
import { h } from '../render/svg';
import { navigate, type Page } from '../router';
import { session } from '../session';
import { parseSfen, styleFor } from '../shogi/sfen';
import { loading, notice } from '../ui/notice';
import { gameName, catalogFor, variantList } from '../variants';
import { inPageLanguage, pieceMovesText, profileOf, rulesText } from '../variantText';

export function rulesPage(root: HTMLElement, params: Record<string, string>, query: URLSearchParams): Page {
  let disposed = false;
  const game = params.game ?? 'chu';
  const err = notice('error');
  root.append(h('div', { class: 'page rules-page' }, loading(t('rules.loading'))));

  async function load(): Promise<void> {
    let detail: VariantDetail | null;
    let catalog: PieceCatalog;
    try {
      const c = await catalogFor(game);
      detail = c.detail;
      catalog = c.catalog;
    } catch (e) {
      if (disposed) return;
      err.show(errorMessage(e));
      root.replaceChildren(h('div', { class: 'page rules-page' }, err.el));
      return;
    }
    if (disposed) return;
    if (!detail) {
      err.show(t('rules.unknownGame', { game }));
      root.replaceChildren(h('div', { class: 'page rules-page' }, h('h1', {}, t('rules.pageTitle')), err.el));
      return;
    }
    build(detail, catalog);
  }

  function build(detail: VariantDetail, catalog: PieceCatalog): void {
    let profile = profileOf(detail, query.get('profile'));
    const gameSelect = h('select', { name: 'game', 'aria-label': t('rules.game') });
    void variantList().then((vs) => {
      gameSelect.replaceChildren(...vs.map((v) => h('option', { value: v.id, selected: v.id === detail.id }, gameName(v))));
    }).catch(() => undefined);
    gameSelect.addEventListener('change', () => navigate(`/rules/${encodeURIComponent(gameSelect.value)}`));

    const controls = h('div', { class: 'rules-controls' }, h('label', {}, t('rules.game'), gameSelect));
    const profiles = detail.profiles ?? [];
    if (profiles.length) {
      const profileSelect = h('select', { name: 'profile', 'aria-label': t('rules.profile') },
        profiles.map((p) => h('option', { value: p.name, selected: p.name === profile?.name },
          p.name === detail.default_profile ? t('rules.profileDefault', { profile: p.name }) : p.name)));
      profileSelect.addEventListener('change', () => {
        profile = profileOf(detail, profileSelect.value);
        const q = new URLSearchParams(location.search);
        q.set('profile', profileSelect.value);
        history.replaceState(null, '', `${location.pathname}?${q}`);
        draw();
      });
      controls.append(h('label', {}, t('rules.profile'), profileSelect));
    } else {
      controls.append(h('span', { class: 'muted' }, t('rules.noProfiles')));
    }

    const kinds = (detail.pieces ?? []).filter((p) => !p.promoted).length;
    const position = `variant=${encodeURIComponent(detail.id)}`;
    const rulesBox = h('section', { class: 'card rules-list-box' });
    // The start position, with the lines of the promotion zones.
    const startBox = h('section', { class: 'card rules-start' }, h('h2', {}, t('rules.startHeading')));
    if (detail.setup_sfen) {
      try {
        const board = new BoardView(catalog, () => undefined);
        board.render(parseSfen(detail.setup_sfen, styleFor(detail.id, detail.sfen_style)), { flip: false, coords: session.prefs.coords, pieceSet: session.prefs.pieceSet, zoneRanks: detail.zone_ranks });
        startBox.append(board.el, h('p', { class: 'muted' }, t('rules.zoneLines')));
      } catch (e) {
        startBox.append(h('p', { class: 'muted' }, errorMessage(e)));
      }
    }
    const piecesBox = h('section', { class: 'rules-pieces' });
    root.replaceChildren(h('div', { class: 'page rules-page' },
      h('h1', {}, t('rules.title', { game: gameName(detail) })),
      // The server's one-line description is English only.
      typeof detail.description === 'string' && lang() === 'en' ? h('p', { class: 'rules-description' }, detail.description) : null,
      h('p', { class: 'muted' }, t('rules.board', { files: detail.files, ranks: detail.ranks, pieces: kinds, zone: detail.zone_ranks ?? '?' })),
      controls,
      h('p', { class: 'rules-links' },
        h('a', { href: `/editor?${position}`, class: 'button small' }, t('rules.openEditor')), ' ',
        h('a', { href: `/analysis?${position}`, class: 'button small' }, t('rules.openAnalysis'))),
      err.el, h('div', { class: 'rules-top' }, rulesBox, startBox), piecesBox));

    function draw(): void {
      drawRules(rulesBox, detail, profile);
      drawPieces(piecesBox, detail, catalog, profile);
    }
    draw();
  }

  void load();
  return {
    dispose() {
      disposed = true;
    },
  };
}

function drawRules(box: HTMLElement, detail: VariantDetail, profile: VariantProfile | null): void {
  const rules = rulesText(detail, profile);
  box.replaceChildren(h('h2', {}, t('rules.rulesHeading')));
  if (!rules.length) {
    box.append(h('p', { class: 'muted' }, t('rules.noRules')));
    return;
  }
  box.append(h('ul', { class: 'rules-list', 'data-profile': profile?.name ?? '' }, rules.map((w) => h('li', {}, inPageLanguage(w)))));
}

function drawPieces(box: HTMLElement, detail: VariantDetail, catalog: PieceCatalog, profile: VariantProfile | null): void {
  const pieces = detail.pieces ?? [];
  const byToken = new Map(pieces.map((p) => [p.token, p]));
  const card = (p: VariantPiece) => {
    const info = catalog.info(p.token);
    const grid = diagramElement(catalog, p.token, session.prefs.pieceSet).querySelector('svg.diagram-grid');
    const target = typeof p.promotes_to === 'string' ? byToken.get(p.promotes_to) : undefined;
    const words = inPageLanguage(pieceMovesText(p, profile));
    return h('article', { class: 'piece-card', 'data-piece': p.token },
      h('header', {},
        pieceIcon(catalog, p.token, 'black', session.prefs.pieceSet, 44),
        h('div', {}, h('h3', { class: 'piece-name' }, catalog.name(p.token)),
          h('span', { class: 'muted' }, [info.kanji !== catalog.name(p.token) ? info.kanji : null, info.abbrev].filter(Boolean).join(' · ')),
          p.royal ? h('span', { class: 'piece-tag' }, t('rules.royal')) : null)),
      h('div', { class: 'piece-body' },
        grid ?? null,
        h('p', { class: 'moves-text' }, words || t('rules.noWords'))),
      target ? h('p', { class: 'promotes-to' }, '→ ', pieceIcon(catalog, target.token, 'black', session.prefs.pieceSet, 26), ' ', t('rules.promotesTo', { name: catalog.name(target.token) })) : null);
  };
  const base = pieces.filter((p) => !p.promoted);
  const promoted = pieces.filter((p) => p.promoted);
  box.replaceChildren(
    h('h2', {}, t('rules.piecesHeading')),
    h('p', { class: 'muted' }, t('rules.piecesHelp')),
    h('div', { class: 'piece-cards' }, base.map(card)));
  if (promoted.length) box.append(h('h2', {}, t('rules.promoted')), h('div', { class: 'piece-cards' }, promoted.map(card)));
}
