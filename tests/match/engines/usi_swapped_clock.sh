#!/bin/sh
# A USI engine for tests that reads the clocks the wrong way round, as Fairy-Stockfish 11.1
# does: its own time from wtime when it plays Black (sente) and from btime as White. It
# thinks a quarter of the time it reads, then plays the next of its moves (the arguments
# after the first, cycling). The first argument is its "id name".
name=$1
shift
side=black
while IFS= read -r line; do
  case "$line" in
    usi) echo "id name $name"; echo "usiok" ;;
    isready) echo "readyok" ;;
    position*)
      # Its side from the number of moves played: Black moves on even counts.
      count=$(echo "$line" |
        awk '{ for (i = 1; i <= NF; i++) if ($i == "moves") { print NF - i; exit } print 0 }')
      if [ $((count % 2)) -eq 0 ]; then side=black; else side=white; fi ;;
    go*)
      field=wtime
      [ $side = white ] && field=btime
      ms=$(echo "$line" |
        awk -v f=$field '{ for (i = 1; i < NF; i++) if ($i == f) print $(i + 1) }')
      think=$((ms / 4))
      echo "info string read $field $ms, thinking $think ms"
      sleep "$((think / 1000)).$(printf '%03d' $((think % 1000)))"
      move=$1
      shift
      set -- "$@" "$move"
      echo "bestmove $move" ;;
    quit) exit 0 ;;
  esac
done
