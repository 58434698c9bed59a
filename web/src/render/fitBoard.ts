// Sizes the board from the space available, as lishogi does: the board column (the players and
// clocks above and below the board, the hands, the entry bar) must fit the window's height, and
// the board its width. The size goes to `--board-size` on the column, which the board, the hands
// beside it and the player strips read (style.css). Kept up to date as the window, the header
// or the column's content change size.

/** Below this the board would be unreadable: the page scrolls instead. */
const MIN_BOARD = 200;
/** Room left under the column, so that its bottom edge is not flush with the window's. */
const BOTTOM_GAP = 8;

export function fitBoardToWindow(column: HTMLElement): () => void {
  let frame = 0;
  const fit = () => {
    frame = 0;
    const widget = column.querySelector<HTMLElement>('.board-widget');
    const wrap = widget?.querySelector<HTMLElement>('.board-wrap');
    const board = wrap?.querySelector<SVGSVGElement>('svg.board');
    const box = board?.viewBox.baseVal;
    if (!widget || !wrap || !board || !box || !box.width || !box.height) return;
    const aspect = box.width / box.height;
    const boardRect = wrap.getBoundingClientRect();
    const columnRect = column.getBoundingClientRect();
    // Hands beside the board (wide screens) take width; above and below it they take height,
    // which `others` counts with everything else in the column.
    const beside = (hand: HTMLElement) => {
      const r = hand.getBoundingClientRect();
      return !hand.hidden && r.top < boardRect.bottom - 1 && r.bottom > boardRect.top + 1;
    };
    const side = [...widget.querySelectorAll<HTMLElement>('.hand')]
      .filter(beside)
      .reduce((w, hand) => w + hand.getBoundingClientRect().width, 0);
    const gaps = side > 0 ? 2 * parseFloat(getComputedStyle(widget).columnGap || '0') : 0;
    const byWidth = column.clientWidth - side - gaps;
    const others = columnRect.height - boardRect.height;
    const top = columnRect.top + window.scrollY;
    const byHeight = (window.innerHeight - top - others - BOTTOM_GAP) * aspect;
    const size = Math.floor(Math.max(MIN_BOARD, Math.min(byWidth, byHeight)));
    const value = `${size}px`;
    const style = column.style;
    if (style.getPropertyValue('--board-size') !== value) style.setProperty('--board-size', value);
  };
  const schedule = () => {
    if (!frame) frame = requestAnimationFrame(fit);
  };
  // The column's content (hands filling, the board drawn), and the page above it (the header's
  // menu opening) both move or resize it.
  const observer = new ResizeObserver(schedule);
  observer.observe(column);
  observer.observe(document.body);
  window.addEventListener('resize', schedule);
  schedule();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', schedule);
    cancelAnimationFrame(frame);
  };
}
