// The move lists of the game page and the analysis board: the current move is kept in view.

/** Scrolls `list` (never the page) so that its current move (`.current`) is in view: after an
 * import or a jump the list would otherwise show its first moves while the board is far on. */
export function keepCurrentInView(list: HTMLElement): void {
  const cur = list.querySelector<HTMLElement>('.current button');
  if (!cur) {
    list.scrollTop = 0; // the start position: the first moves
    return;
  }
  // The list is its buttons' offset parent (position: relative in the style).
  const top = cur.offsetTop;
  if (top < list.scrollTop || top + cur.offsetHeight > list.scrollTop + list.clientHeight)
    list.scrollTop = Math.max(0, top - list.clientHeight / 2);
}
