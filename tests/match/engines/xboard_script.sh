#!/bin/sh
# An XBoard engine for tests: once it plays ("go"), answers "go" and each usermove with the
# next of its arguments. "a,b" is sent as two lines, as HaChu sends a Lion's double move;
# "resign" resigns. "analyze" prints two thinking lines, the second's variation naming the
# position it was given ("setup", or the setboard text).
playing=0
board=setup
while IFS= read -r line; do
  case "$line" in
    protover*)
      echo "# debug noise, as HaChu writes it"
      echo 'feature myname="XScript" usermove=1 ping=1 setboard=1 variants="chu,shogi"'
      echo 'feature option="Allow repeats -check 0" done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    force) playing=0 ;;
    new) board=setup ;;
    "setboard "*) board=${line#setboard } ;;
    analyze)
      echo "1 5 3 120 h4h5"
      echo "2 9 10 480 $board" ;;
    go|usermove*)
      [ "$line" = go ] && playing=1
      if [ "$playing" = 1 ]; then
        move=$1
        shift
        echo "# thinking"
        case "$move" in
          resign) echo "resign" ;;
          *,*) echo "move ${move%%,*},"; echo "move ${move#*,}" ;;
          *) echo "move $move" ;;
        esac
      fi ;;
    quit) exit 0 ;;
    usi) echo "Error (unknown command): usi" ;;
  esac
done
