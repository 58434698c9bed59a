#!/bin/sh
# A USI engine for tests: answers each "go" with the next of its arguments, cycling.
# "hang" never answers that go; "crash" exits with code 3; "refuse" says the position was
# refused and resigns, as Kirin's engine does when its rules differ from the referee's;
# "twice:MOVE" answers MOVE with two bestmove lines, the second a moment later (after the
# other engine has moved), as a late line would come from a loaded machine.
while IFS= read -r line; do
  case "$line" in
    usi) echo "id name UsiScript"; echo "option name Hash type spin default 1 min 1 max 8"; echo "usiok" ;;
    isready) echo "readyok" ;;
    go*)
      move=$1
      shift
      set -- "$@" "$move"
      case "$move" in
        hang) ;;
        crash) exit 3 ;;
        refuse) echo "info string error: move 1: illegal move '7g7f'"; echo "bestmove resign" ;;
        twice:*) echo "bestmove ${move#twice:}"; sleep 0.3; echo "bestmove ${move#twice:}" ;;
        *) echo "info depth 1 score cp 0 pv $move"; echo "bestmove $move" ;;
      esac ;;
    quit) exit 0 ;;
  esac
done
