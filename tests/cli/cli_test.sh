#!/usr/bin/env bash
# Drives the kirin binary as a user would and checks output and exit codes.
set -u
kirin="$1"
data="$2"
fails=0
passes=0
check() {  # name, expected exit code, expected text in output, command...
  local name="$1" want_rc="$2" want="$3"
  shift 3
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $want_rc); output:"
    echo "$out" | head -20
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}
check2() {  # name, expected exit code, two expected texts, command...
  local name="$1" want_rc="$2" want1="$3" want2="$4"
  shift 4
  local out rc
  out=$("$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || ! grep -qF -- "$want1" <<<"$out" ||
    ! grep -qF -- "$want2" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $want_rc, '$want1' and '$want2'); output:"
    echo "$out" | head -20
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}
check_last() {  # name, exact last line of stdout, command... (exit code 0)
  local name="$1" want="$2"
  shift 2
  local out rc last
  out=$("$@" 2>/dev/null)
  rc=$?
  last=$(tail -n 1 <<<"$out")
  if [ "$rc" -ne 0 ] || [ "$last" != "$want" ]; then
    echo "FAIL $name: exit $rc, last line '$last' (want '$want')"
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}
check_lines() {  # name, number of stdout lines, command... (exit code 0)
  local name="$1" want="$2"
  shift 2
  local out rc n
  out=$("$@" 2>/dev/null)
  rc=$?
  n=$(grep -c '' <<<"$out")
  if [ "$rc" -ne 0 ] || [ "$n" -ne "$want" ]; then
    echo "FAIL $name: exit $rc, $n lines (want $want)"
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}

board="lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL"
start="$board b - 1"
lone_lion="kg10/12/12/12/12/12/5N6/12/12/12/12/11K b - 1"
mini="$data/variants/mini.toml"
bad="$data/bad-variants"

# ---- Help and listing
check help 0 "perft" "$kirin" --help
check help-perft 0 "--depth" "$kirin" perft --help
check help-moves 0 "--sfen" "$kirin" moves --help
check help-play-moves 0 "--handicap" "$kirin" play-moves --help
check help-show-variant 0 "--variant-file" "$kirin" show-variant --help
check help-variants 0 "variants" "$kirin" variants --help
check help-bench 0 "perft" "$kirin" bench --help
check help-bench-perft 0 "--quick" "$kirin" bench perft --help
check help-bench-search 0 "--against" "$kirin" bench search --help
check bench-against-needs-movetime 2 "--against requires --movetime" \
  "$kirin" bench search --against /usr/games/hachu
check variants 0 "chu" "$kirin" variants
check variants-name 0 "Chu Shogi" "$kirin" variants

# ---- perft: lishogi reference counts (docs/spec/README.md §2.3, tests/data/chu-perft.tsv)
check perft-start 0 "Nodes searched: 1296" "$kirin" perft --variant chu --depth 2
check_last perft-depth0 "Nodes searched: 1" "$kirin" perft --depth 0
check_last perft-depth1 "Nodes searched: 36" "$kirin" perft --depth 1
check_last perft-depth3 "Nodes searched: 48315" "$kirin" perft --depth 3
check_last perft-depth3-encodings "Nodes searched: 52599" "$kirin" perft -d 3 --count encodings
check_last perft-depth3-positions "Nodes searched: 48315" "$kirin" perft -d 3 --count positions
check_last perft-alias "Nodes searched: 36" "$kirin" perft -v chushogi -d 1
check_last perft-sfen "Nodes searched: 36" "$kirin" perft --sfen "$start" -d 1
check_last perft-lone-lion "Nodes searched: 28" "$kirin" perft --sfen "$lone_lion" -d 1
check_last perft-lone-lion-encodings "Nodes searched: 91" "$kirin" perft --sfen "$lone_lion" -d 1 --count encodings
check_last perft-falcon-encodings "Nodes searched: 44" "$kirin" perft --sfen "kg10/12/12/12/12/12/5+H6/12/12/12/12/11K b" -d 1 --count encodings
check_last perft-eagle-encodings "Nodes searched: 43" "$kirin" perft --sfen "kg10/12/12/12/12/12/5+D6/12/12/12/12/11K b" -d 1 --count encodings
check_last perft-counter-strike "Nodes searched: 7" "$kirin" perft --sfen "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b 8j 1" -d 1
check_last perft-no-counter-strike "Nodes searched: 8" "$kirin" perft --sfen "11k/12/12/12/12/4r7/12/12/9n2/4+o7/12/6B4K b - 1" -d 1
# After one Black move, White has its own 36 opening moves.
check_last perft-moves "Nodes searched: 36" "$kirin" perft -d 1 --moves 9h9g
check_last perft-handicap "Nodes searched: 36" "$kirin" perft -d 1 --handicap 2-lions
check_last perft-profile "Nodes searched: 1296" "$kirin" perft -d 2 --profile jcsa
check_last perft-option "Nodes searched: 1296" "$kirin" perft -d 2 -o lion_protection=false -o max_plies=0
check_last perft-divide "Nodes searched: 1296" "$kirin" perft -d 2 --divide
check perft-divide-line 0 "9h9g: 36" "$kirin" perft -d 2 --divide
check perft-divide-line1 0 "9h9g: 1" "$kirin" perft -d 1 --divide
check_lines perft-divide-lines 38 "$kirin" perft -d 1 --divide  # 36 moves, a blank, the total

# ---- moves and play-moves
check_lines moves-start 36 "$kirin" moves
check moves-start-gb 0 "9h9g" "$kirin" moves
check moves-lion 0 "7j7h" "$kirin" moves
check_lines moves-lone-lion 28 "$kirin" moves --sfen "$lone_lion"
check moves-lone-lion-jump 0 "7g5e" "$kirin" moves --sfen "$lone_lion"
check_lines moves-after 36 "$kirin" moves --moves 9h9g
check moves-after-white 0 "9e9f" "$kirin" moves --moves 9h9g
check play-moves-sfen 0 "sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/8i3/3i8/3I8/8I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 3" "$kirin" play-moves 9h9g 9e9f
check play-moves-plies 0 "plies 2" "$kirin" play-moves 9h9g 9e9f
check play-moves-state 0 "state ongoing" "$kirin" play-moves 9h9g 9e9f
check play-moves-none 0 "sfen $start" "$kirin" play-moves
check play-moves-none-plies 0 "plies 0" "$kirin" play-moves
check play-moves-handicap 0 "sfen lfcsgekgscfl/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/8i3/3i8/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1T+OXT1B1A/LFCSGKEGSCFL b - 2" "$kirin" play-moves --handicap 2-lions 9e9f
# Spellings: a Lion two-step through an empty square is the jump; '=' means no promotion.
check play-moves-two-step 0 "sfen kg10/12/12/12/7N4/12/12/12/12/12/12/11K w - 2" "$kirin" play-moves --sfen "$lone_lion" 7g6f5e
check play-moves-suffix 0 "plies 2" "$kirin" play-moves 9h9g= 9e9f?
# Taking the last royal ends the game; a further move is refused.
won="k11/1N10/12/12/12/12/12/12/12/12/12/11K b - 1"
check play-moves-win 0 "state Black wins" "$kirin" play-moves --sfen "$won" 11b12a
check2 play-moves-after-end 2 "move 2" "over" "$kirin" play-moves --sfen "$won" 11b12a 1l1k

# ---- show-variant
check show-variant 0 "Chu Shogi (chu)" "$kirin" show-variant chu
check show-variant-lion 0 "betza KNADcaKmcabK" "$kirin" show-variant chu
check show-variant-handicaps 0 "3-lions" "$kirin" show-variant chu
check show-variant-alias 0 "Chu Shogi (chu)" "$kirin" show-variant chushogi
check show-variant-default 0 "Chu Shogi (chu)" "$kirin" show-variant

# ---- A custom game from a file (5x5: King, Gold, Lion; shogi-style SFEN)
check show-variant-file 0 "Mini Lion Shogi (mini-lion)" "$kirin" show-variant --variant-file "$mini"
# Lion on 3e: 12 destinations within two squares plus the pass; King 3, Gold 2.
check_last mini-perft1 "Nodes searched: 18" "$kirin" perft --variant-file "$mini" -d 1
check_last mini-perft1-encodings "Nodes searched: 43" "$kirin" perft --variant-file "$mini" -d 1 --count encodings
check mini-perft2 0 "Nodes searched:" "$kirin" perft --variant-file "$mini" -d 3
check_last mini-handicap "Nodes searched: 18" "$kirin" perft --variant-file "$mini" --handicap no-gold -d 1
check_last mini-profile "Nodes searched: 18" "$kirin" perft --variant-file "$mini" --profile relaxed -d 1
check_lines mini-moves 18 "$kirin" moves --variant-file "$mini"
check mini-moves-jump 0 "3e5e" "$kirin" moves --variant-file "$mini"
check mini-moves-gold 0 "1e2d" "$kirin" moves --variant-file "$mini"
check mini-play 0 "sfen gkn2/5/5/5/1N1KG w - - 2" "$kirin" play-moves --variant-file "$mini" 3e4e

# ---- The engine from the command line
check analyze-depth 0 "bestmove" "$kirin" analyze --depth 4
check2 analyze-mate 0 "mate 1" "bestmove G*5b" "$kirin" analyze --variant shogi --depth 3 --sfen "4k4/9/4P4/9/9/9/9/9/4K4 b G 1"
check2 play-scripted 0 "Kirin plays" "Black resigns: White wins" bash -c "printf '7i7h\nfoo\nresign\n' | '$kirin' play --depth 2"
check play-bad-move 0 "malformed move 'foo'" bash -c "printf 'foo\nquit\n' | '$kirin' play --depth 2"
check2 play-undo 0 "nothing to undo" "Kirin plays" bash -c "printf 'undo\n7i7h\nundo\nquit\n' | '$kirin' play --depth 1"

# ---- Mating problems: kirin mate (exit 0 mate, 3 no mate, 4 unknown), analyze --mate, bench mate
b34="5ex1+Pc2/6okt3/3s4X2+H/2+D9/3p+v1+Dpt3/12/12/2+a6q2/12/12/12/12 b - 1"  # a mate in 4
a22="5e2s3/2+H1ck+ltc3/9f2/3p2p2p2/2+Oi1+m1+D4/12/2q6b2/12/12/12/12/12 b - 1"  # a mate in 5
lone_pawn="4k4/9/9/9/9/9/9/9/9 b P 1"  # one check (P*5b), taken: no mate
check2 help-mate 0 "--attacker" "Exit code: 0 mate, 3 no mate, 4 unknown" "$kirin" mate --help
# The length is proved the shortest within the budget (B34 takes about 13,000 nodes), and the
# same input gives the same nodes on every run.
check2 mate-b34 0 "mate in 4" "line " "$kirin" mate --sfen "$b34" --movetime 20000 --max-moves 4
check2 mate-b34-any 0 "mate in 4" "line " "$kirin" mate --sfen "$b34" --nodes 1000000
b34_nodes=$("$kirin" mate --sfen "$b34" --nodes 1000000 2>/dev/null | grep -o '^nodes [0-9]* ')
check mate-repeats 0 "$b34_nodes" "$kirin" mate --sfen "$b34" --nodes 1000000
check2 mate-at-most 0 "mate in at most " "line " "$kirin" mate --sfen "$a22" --nodes 3000
# --proof: the proof's file, its header and a line per position (tools/proof-check reads it).
proof_dir=$(mktemp -d)
check2 mate-proof 0 "mate in 4" "proof $proof_dir/b34.proof positions " "$kirin" mate --sfen "$b34" --nodes 1000000 --proof "$proof_dir/b34.proof"
check2 mate-proof-file 0 "sfen $b34" "$(printf -- '-\t')" cat "$proof_dir/b34.proof"
# With the defender to move, the header names the attacker and the paths begin with a defence.
check2 mate-proof-attacker 0 "mate in 3" "proof $proof_dir/b34d.proof positions " "$kirin" mate --sfen "$b34" --moves 10d7d --attacker black --proof "$proof_dir/b34d.proof"
check mate-proof-attacker-file 0 "$(printf 'attacker black\n')" cat "$proof_dir/b34d.proof"
check mate-proof-unwritable 2 "--proof: cannot write '$proof_dir/no/such.proof'" "$kirin" mate --sfen "$b34" --proof "$proof_dir/no/such.proof"
rm -rf "$proof_dir"
check2 mate-a22 0 "mate in 5" "nodes " "$kirin" mate -v chu --sfen "$a22" --movetime 20000 --hash 16 --max-moves 5
check2 mate-a22-shorter 3 "no mate" "nodes " "$kirin" mate --sfen "$a22" --movetime 20000 --max-moves 2
# --attacker naming the side not to move: does every defence lose?
check2 mate-attacker 0 "mate in 3" "line " "$kirin" mate --sfen "$b34" --moves 10d7d --attacker black --max-moves 3
check2 mate-refutation 3 "no mate" "refutation " "$kirin" mate --sfen "$b34" --moves 10d9d --attacker black --max-moves 3
check2 mate-none 3 "no mate" "nodes " "$kirin" mate -v shogi --sfen "$lone_pawn" --movetime 20000
check2 mate-unknown 4 "stopped node budget" "hashfull " "$kirin" mate --sfen "$a22" --nodes 1
# A table larger than the machine's memory is refused before any is taken.
check2 mate-hash-too-big 2 "--hash" "not in range" "$kirin" mate --sfen "$a22" --hash 100000000
check2 bench-mate-hash-too-big 2 "--hash" "not in range" "$kirin" bench mate --hash 100000000
# Shogi's futile interpositions (無駄合): 5i5a+ leaves White only Gold drops taken for nothing
# (the Rook on 9b holds rank b, the Knight on 3c guards 2a and 4a): a mate in 1 by the
# convention, in 2 counting every interposition.
see_through="8k/R8/6N2/9/9/9/9/9/4R4 b g 1"
check2 mate-futile 0 "mate in 1" "line 5i5a" "$kirin" mate -v shogi --sfen "$see_through" --max-moves 1
check2 mate-every-interposition 3 "no mate" "nodes " "$kirin" mate -v shogi --sfen "$see_through" --max-moves 1 --every-interposition
check2 mate-bad-sfen 2 "board" "offset 1" "$kirin" mate --sfen "5z2s3/12/12/12/12/12/12/12/12/12/12/12 b - 1"
check2 mate-unknown-game 2 "unknown game" "nosuch" "$kirin" mate -v nosuch --sfen "$a22"
check mate-needs-sfen 2 "--sfen is required" "$kirin" mate
check2 mate-bad-attacker 2 "--attacker" "'red'" "$kirin" mate --sfen "$a22" --attacker red
check2 mate-game-over 2 "--sfen" "already over" "$kirin" mate --sfen "k11/1N10/12/12/12/12/12/12/12/12/12/11K b - 1" --moves 11b12a
check2 analyze-mate-solver 0 "score mate " "bestmove " "$kirin" analyze --mate --movetime 20000 --sfen "$b34"
check analyze-mate-unknown 0 "unknown nodes" "$kirin" analyze --mate --nodes 1 --sfen "$a22"
check analyze-mate-not-depth 2 "--depth" "$kirin" analyze --mate --depth 3 --sfen "$a22"
check help-bench-mate 0 "--movetime-per-problem" "$kirin" bench mate --help
check2 bench-mate 0 "B34" "total: solved" "$kirin" bench mate --problems B34,M65 --movetime-per-problem 1
check2 bench-mate-no-collection 2 "--collection" "chu-tsume-ab" "$kirin" bench mate --collection nosuch
check bench-mate-no-problem 2 "no problem 'Z9'" "$kirin" bench mate --problems B34,Z9

# ---- Bad input: exit code 2, saying what and where
check2 bad-sfen-deferral 2 "promotion_deferral" "offset 12" "$kirin" moves --sfen "k11/12/12/5S=6/12/12/12/12/12/12/12/11K b - 1"
check pbmserv-deferral 0 "7d6c" "$kirin" moves --profile pbmserv --sfen "k11/12/12/5S=6/12/12/12/12/12/12/12/11K b - 1"
check2 bad-sfen-piece 2 "board" "offset 11" "$kirin" perft -d 1 --sfen "lfcsgekgscfz/a1b1txot1b1a/mvrhdqndhrvm/pppppppppppp/3i4i3/12/12/3I4I3/PPPPPPPPPPPP/MVRHDNQDHRVM/A1B1TOXT1B1A/LFCSGKEGSCFL b - 1"
check2 bad-sfen-rank 2 "board" "offset 4" "$kirin" perft -d 1 --sfen "k11/13/12/12/12/12/12/12/12/12/12/11K b - 1"
check2 bad-sfen-ranks 2 "board" "offset 34" "$kirin" moves --sfen "k11/12/12/12/12/12/12/12/12/12/11K b - 1"
check2 bad-sfen-side 2 "side" "offset $((${#board} + 1))" "$kirin" perft -d 1 --sfen "$board x - 1"
check2 bad-sfen-lion 2 "lion square" "offset $((${#board} + 3))" "$kirin" perft -d 1 --sfen "$board b 13a 1"
check2 bad-sfen-number 2 "move number" "offset $((${#board} + 5))" "$kirin" perft -d 1 --sfen "$board b - 0"
check2 bad-sfen-extra 2 "extra" "offset $((${#start} + 1))" "$kirin" perft -d 1 --sfen "$start x"
check2 bad-sfen-plus 2 "board" "offset 3" "$kirin" play-moves --sfen "k10+/12/12/12/12/12/12/12/12/12/12/11K b - 1"
check2 bad-sfen-hands 2 "hands" "offset 16" "$kirin" perft --variant-file "$mini" -d 1 --sfen "2k2/5/5/5/2K2 b P 1"
check2 bad-usi 2 "move 2" "offset 2" "$kirin" play-moves 9h9g 7g7
check2 bad-usi-suffix 2 "move 1" "offset 4" "$kirin" play-moves 9h9g#
check2 bad-usi-square 2 "move 1" "offset 0" "$kirin" play-moves 13a12a
check2 bad-usi-square2 2 "move 1" "'7m'" "$kirin" moves --moves 7g7m
check2 illegal-no-piece 2 "move 2" "no piece on 9h" "$kirin" play-moves 9h9g 9h9g
check2 illegal-opponent 2 "move 1" "is White's" "$kirin" play-moves 9e9f
check2 illegal-reach 2 "move 3" "9g9e" "$kirin" perft -d 1 --moves 9h9g 9e9f 9g9e
check2 illegal-promote 2 "move 1" "may not promote" "$kirin" play-moves 9h9g+
check2 illegal-lion 2 "move 1" "lion_protection" "$kirin" play-moves --sfen "k11/12/12/5p6/5n6/12/5N6/12/12/12/12/11K b - 1" 7g7e
check2 illegal-counter-strike 2 "move 1" "counter_strike" "$kirin" play-moves --sfen "k11/12/12/12/5n6/12/12/12/12/12/5R6/11K b 3c 1" 7k7e
check2 unknown-command 2 "unknown command" "nosuchcmd" "$kirin" nosuchcmd
check2 unknown-game 2 "unknown game" "nosuch" "$kirin" perft -v nosuch -d 1
check2 unknown-game-show 2 "unknown game" "nosuch" "$kirin" show-variant nosuch
check2 unknown-option 2 "no option" "nosuch" "$kirin" perft -d 1 -o nosuch=1
check2 bad-option-value 2 "lion_protection" "'maybe'" "$kirin" perft -d 1 -o lion_protection=maybe
check2 bad-option-int 2 "max_plies" "'-5'" "$kirin" perft -d 1 -o max_plies=-5
check2 bad-option-choice 2 "promotion" "'never'" "$kirin" moves -o promotion=never
check2 bad-option-syntax 2 "NAME=VALUE" "'foo'" "$kirin" perft -d 1 -o foo
check2 unknown-option-file 2 "no option" "repetition" "$kirin" perft --variant-file "$mini" -d 1 -o repetition=exact
check2 unknown-profile 2 "no rule profile" "nosuch" "$kirin" perft -d 1 --profile nosuch
check2 unknown-handicap 2 "named handicaps: 2-lions" "nosuch" "$kirin" perft -d 1 --handicap nosuch
check2 sfen-and-handicap 2 "--sfen" "--handicap" "$kirin" perft -d 1 --sfen "$start" --handicap 2-lions
check unknown-flag 2 "--bogus" "$kirin" perft -d 1 --bogus
check missing-depth 2 "--depth" "$kirin" perft
check bad-depth 2 "depth" "$kirin" perft -d 99
check bad-count 2 "bogus" "$kirin" perft -d 1 --count bogus
check no-subcommand 2 "subcommand" "$kirin"

# ---- Broken game definitions: file:line:col and what is wrong
check2 bad-variant-syntax 2 "syntax-error.toml:6:9" "expected" "$kirin" perft --variant-file "$bad/syntax-error.toml" -d 1
check2 bad-variant-missing 2 "missing-field.toml:2:1" "missing field 'files'" "$kirin" perft --variant-file "$bad/missing-field.toml" -d 1
check2 bad-variant-betza 2 "bad-betza.toml:23:9" "piece gold: betza \"WfX\" at offset 2" "$kirin" perft --variant-file "$bad/bad-betza.toml" -d 1
check2 bad-variant-promotion 2 "unknown-promotion.toml:24:12" "unknown piece 'tokin'" "$kirin" perft --variant-file "$bad/unknown-promotion.toml" -d 1
check2 bad-variant-names 2 "unknown-name-key.toml:11:18" "[names]: unknown key 'fairystockfish'" "$kirin" perft --variant-file "$bad/unknown-name-key.toml" -d 1
check2 bad-variant-duplicate 2 "duplicate-sfen.toml:29:8" "share the SFEN 'g'" "$kirin" show-variant --variant-file "$bad/duplicate-sfen.toml"
check2 bad-variant-missing-file 2 "cannot read variant file" "no-such-file.toml" "$kirin" perft --variant-file "$bad/no-such-file.toml" -d 1
# ---- kirin backup: a store's copy, never over an existing file without --force
backup_dir=$(mktemp -d)
printf 'signup ann secret-ann-1 ann@example.org\n' | "$kirin" command --db "sqlite:$backup_dir/k.db" >/dev/null 2>&1
check backup-sqlite 0 "integrity ok" "$kirin" backup --db "sqlite:$backup_dir/k.db" "$backup_dir/copy.db"
check backup-exists 2 "exists; --force replaces it" "$kirin" backup --db "sqlite:$backup_dir/k.db" "$backup_dir/copy.db"
check backup-force 0 "Backed up to" "$kirin" backup --db "sqlite:$backup_dir/k.db" "$backup_dir/copy.db" --force
check backup-no-store 2 "no SQLite database" "$kirin" backup --db "sqlite:$backup_dir/none.db" "$backup_dir/x.db"
check backup-copy-opens 0 "the name 'ann' is taken" "$kirin" command --db "sqlite:$backup_dir/copy.db" \
  <<<"signup ann secret-ann-2 ann2@example.org"
# kirin command writes replies only; --echo writes each command first, its password hidden.
check_lines command-no-echo 1 "$kirin" command --db "sqlite:$backup_dir/k.db" <<<"shogi games ann"
check_last command-no-echo-reply "ann has no games of Shogi." "$kirin" command --db "sqlite:$backup_dir/k.db" <<<"shogi games ann"
check2 command-echo 0 "> shogi set ann *** small" "Settings of ann: small board" "$kirin" command \
  --db "sqlite:$backup_dir/k.db" --echo <<<"shogi set ann secret-ann-1 small"
check command-help-echo 0 "--echo" "$kirin" command --help
check help-serve-proxy 0 "--trusted-proxy" "$kirin" serve --help
check serve-bad-proxy 2 "not an IP address" "$kirin" serve --trusted-proxy nonsense
rm -rf "$backup_dir"

# kirin match with the scripted engines of tests/match/engines.
engines="$(dirname "$0")/../match/engines"
resigner="sh $engines/usi_script.sh resign"
check match-sprt-bad 2 "--sprt takes ELO0,ELO1 (e.g. 0,10), not '5'" "$kirin" match -v shogi \
  --engine1 "$resigner" --engine2 "$resigner" --sprt 5
check match-alpha-alone 2 "--alpha and --beta are the errors of --sprt" "$kirin" match -v shogi \
  --engine1 "$resigner" --engine2 "$resigner" --alpha 0.1
check match-tc2-days 2 "--tc2 takes seconds[+increment], \"movetime S\" or \"nodes N\", not '1 day'" \
  "$kirin" match -v shogi --engine1 "$resigner" --engine2 "$resigner" --tc2 "1 day"
check match-usi-clocks-bad 2 "--usi-clocks1" "$kirin" match -v shogi --engine1 x --engine2 y \
  --usi-clocks1 swapped
# Engine 1 resigns one game in four: the test accepts H1 of [0, 10] and stops at once.
match_out=$("$kirin" match -v shogi --engine1 "sh $engines/usi_script.sh 7g7f 2g2f 6g6f resign" \
  --engine2 "sh $engines/usi_script.sh resign" --name1 A --name2 B --sprt 0,10 --movetime 200 \
  --opening-plies 0 2>&1)
for want in "SPRT [0, 10] (alpha 0.05, beta 0.05) over at most 20000 games" \
  "LLR: 2.95 (-2.94, 2.94) [0, 10] after 104 game pairs" \
  "SPRT: H1 accepted (LLR 2.95 above 2.94 - 0.01, the bound less the expected overshoot)" \
  "Score of A vs B: +182 -26 =0 [0.875] 208 games" "on the board: +182 -26 =0 (208 games)" \
  "Elo on the board: 338.0 +/- 74.3" \
  "SPRT: LLR: 2.95 (-2.94, 2.94) [0, 10] after 104 game pairs: H1 accepted"; do
  if grep -qF -- "$want" <<<"$match_out"; then passes=$((passes + 1)); else
    echo "FAIL match-sprt: no '$want' in:"; tail -8 <<<"$match_out"; fails=$((fails + 1)); fi
done
# Time odds: engine 1 hangs with 0.3 s, so it loses on time at once; engine 2 keeps a minute.
check2 match-time-odds 0 "time control 0.3 (engine 1), 60 (engine 2)" \
  "on time: +0 -2 =0 (2 games)" "$kirin" match -v shogi --engine1 "sh $engines/usi_script.sh hang" \
  --engine2 "sh $engines/usi_script.sh 7g7f" --tc 60 --tc1 0.3 --grace 100 --opening-plies 0

echo "$passes passed, $fails failed"
[ "$fails" -eq 0 ]
