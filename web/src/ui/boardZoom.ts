import { t } from '../i18n';
import { h } from '../render/svg';

/** Files from which a board's kanji are too small on a phone (Dai: 15). */
export const ZOOM_FILES = 13;

/** Large boards on a phone: a button that draws the board inside `board()` (a board widget's
 *  element, in a `.game-board` column) wider than the window, scrolled sideways to its middle,
 *  so that the pieces' kanji can be read. Shown on narrow screens only (game.css). */
export function boardZoom(board: () => HTMLElement | null | undefined): HTMLButtonElement {
  let zoomed = false;
  const button = h('button', { type: 'button', class: 'zoom-board small', 'aria-pressed': 'false', onclick: () => {
    zoomed = !zoomed;
    button.setAttribute('aria-pressed', String(zoomed));
    button.textContent = t(zoomed ? 'game.zoomOut' : 'game.zoomIn');
    const el = board();
    el?.parentElement?.classList.toggle('zoomed', zoomed);
    const wrap = el?.querySelector<HTMLElement>('.board-wrap');
    if (wrap) wrap.scrollLeft = (wrap.scrollWidth - wrap.clientWidth) / 2;
  } }, t('game.zoomIn')) as HTMLButtonElement;
  return button;
}
