#!/usr/bin/env bash
# `kirin command` and `kirin mail` driven as an operator and an MTA would: output, reply
# headers and exit codes, on a temporary SQLite store.
# Usage: text_commands_test.sh PATH/TO/kirin
set -u
kirin="$1"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/kirin-text-XXXXXX")
trap 'rm -rf "$tmp"' EXIT
db="sqlite:$tmp/store/kirin.db"
fails=0
passes=0
check() {  # name, expected exit code, expected text in stdout+stderr, command... (stdin: $input)
  local name="$1" want_rc="$2" want="$3"
  shift 3
  local out rc
  out=$(printf '%s' "$input" | "$@" 2>&1)
  rc=$?
  if [ "$rc" -ne "$want_rc" ] || ! grep -qF -- "$want" <<<"$out"; then
    echo "FAIL $name: exit $rc (want $want_rc, '$want'); output:"
    echo "$out" | head -30
    fails=$((fails + 1))
  else
    passes=$((passes + 1))
  fi
}

input=""
check "command help" 0 "kirin command --db sqlite:games.db" "$kirin" command --help
check "mail help" 0 "75  the store cannot be opened" "$kirin" mail --help

input='# set up
signup alice password-alice alice@example.org
signup bob password-bob bob@example.org

chushogi challenge alice bob
chushogi move 1 alice password-alice P8i-8h
chushogi move 1 alice password-alice P7i-7h
--
chushogi resign 1 alice password-alice
'
check "command: signup" 0 "Welcome, alice" "$kirin" command --db "$db"
check "command: directory created" 0 "kirin.db" ls "$tmp/store"
input='chushogi board 1
chushogi games alice
'
check "command: the move was stored" 0 "the last, by Black: P8i-8h" "$kirin" command --db "$db"
check "command: the game goes on" 0 "1  Chu Shogi  bob       Black   bob to move" \
  "$kirin" command --db "$db"
input='chushogi board 1
chushogi board 1
'
check "command: separator" 0 "----------------------------------------" "$kirin" command --db "$db"
input='chushogi move 1 alice password-alice P7i-7h
'
check "command: out of turn" 0 "error: move 2 in board 1: it is not alice's turn" \
  "$kirin" command --db "$db"
check "command: --from is not the operator" 0 "error: challenge: only alice or bob" \
  bash -c "printf 'shogi challenge alice bob\n' | '$kirin' command --db '$db' --from carol@example.org"
check "command: --from a player needs the password" 0 "error: challenge: add -password=YOURS" \
  bash -c "printf 'shogi challenge alice bob\n' | '$kirin' command --db '$db' --from bob@example.org"
check "command: --from a player proposes a game" 0 "Challenge 2 sent to alice" \
  bash -c "printf 'shogi challenge alice bob -password=password-bob\n' |
    '$kirin' command --db '$db' --from bob@example.org"
check "command: the opponent accepts" 0 "New game: board 2." \
  bash -c "printf 'shogi accept 2 alice password-alice\n' | '$kirin' command --db '$db' --from x@y.org"
input=""
check "command: bad store" 2 "kirin: error:" "$kirin" command --db "nosuch:x"

input='From: Bob <bob@example.org>
To: kirin@games.example.org
Subject: my move
Message-ID: <m1@example.org>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8
Content-Transfer-Encoding: quoted-printable

chushogi move 1 bob password-bob P 5d=
-5e
'
check "mail: reply To" 0 "To: Bob <bob@example.org>" \
  "$kirin" mail --db "$db" --from "Kirin <kirin@games.example.org>"
input="${input/5d=/4d=}"
check "mail: reply Subject" 0 "Subject: Re: my move" "$kirin" mail --db "$db"
input="${input/4d=/3d=}"
check "mail: In-Reply-To" 0 "In-Reply-To: <m1@example.org>" "$kirin" mail --db "$db"
input='From: bob@example.org

chushogi board 1
'
check "mail: the moves were played" 0 "Moves played: 2; the last, by White: P5d-5e" \
  "$kirin" mail --db "$db"
input='From: bob@example.org

chushogi set bob password-bob
chushogi set bob password-bob
'
check "mail: --max-password-checks" 0 "error: only 1 command with a password" \
  "$kirin" mail --db "$db" --max-password-checks 1
input='Subject: nobody

help
'
check "mail: no sender" 2 "kirin mail: the message has no From: or Reply-To: address" \
  "$kirin" mail --db "$db"
input='From: alice@example.org
Auto-Submitted: auto-replied

help
'
check "mail: automatic" 3 "not answering an automatic message" "$kirin" mail --db "$db"
input="From: alice@example.org

$(head -c 300000 /dev/zero | tr '\0' 'x')
"
check "mail: too big" 0 "the server reads messages of at most 262144" "$kirin" mail --db "$db"
# 5000 bytes of junk, the same every run (perl's rand is drand48 everywhere): not a message.
input=$(perl -e 'srand(20261126); print map { chr(1 + int(rand(255))) } 1 .. 5000')
check "mail: junk" 2 "kirin mail: the input is not a mail message" \
  "$kirin" mail --db "$db"
input='From: alice@example.org

help
'
check "mail: store unavailable" 75 "try again later" "$kirin" mail --db "sqlite:$tmp/no/such/dir/k.db"

# --sendmail: the players are mailed what the commands did (a stand-in for sendmail keeps
# each message as a file).
outbox="$tmp/outbox"
mkdir -p "$outbox"
printf '#!/bin/sh\nn=$(ls "%s" | wc -l)\ncat >"%s/mail-$n.eml"\n' "$outbox" "$outbox" >"$tmp/sendmail.sh"
chmod +x "$tmp/sendmail.sh"
input='chushogi challenge alice bob
chushogi move 3 alice password-alice P8i-8h
'
check "command --sendmail" 0 "Board 3: Chu Shogi" \
  "$kirin" command --db "$db" --sendmail "$tmp/sendmail.sh" --mail-from "Kirin <kirin@example.org>"
check "notice: the game began, to alice" 0 "To: alice <alice@example.org>" cat "$outbox/mail-0.eml"
check "notice: the game began, to bob" 0 "Chu Shogi board 3: The game alice proposed has begun." \
  cat "$outbox/mail-1.eml"
check "notice: bob's move" 0 "Answer with: chushogi move 3 bob PASSWORD MOVE" cat "$outbox/mail-2.eml"
check "notice: auto-generated" 0 "Auto-Submitted: auto-generated" cat "$outbox/mail-2.eml"
check "notice: no more" 1 "" test -e "$outbox/mail-3.eml"
input='From: bob@example.org
Subject: my move

chushogi move 3 bob password-bob P8d-8e
'
# With --sendmail the reply goes to sendmail, and stdout (where the reply would go) stays empty.
stdout=$(printf '%s' "$input" |
  "$kirin" mail --db "$db" --sendmail "$tmp/sendmail.sh" --from "Kirin <kirin@example.org>")
rc=$?
if [ "$rc" -ne 0 ] || [ -n "$stdout" ]; then
  echo "FAIL mail --sendmail: exit $rc (want 0) and stdout (want nothing):"
  echo "$stdout" | head -10
  fails=$((fails + 1))
else
  passes=$((passes + 1))
fi
check "mail --sendmail: the reply" 0 "Subject: Re: my move" cat "$outbox/mail-3.eml"
check "mail --sendmail: alice's move" 0 "Subject: Chu Shogi board 3: Your move." \
  cat "$outbox/mail-4.eml"
input=''
check "command --mail-from must be a mailbox" 2 "--mail-from" \
  "$kirin" command --db "$db" --sendmail "$tmp/sendmail.sh" --mail-from "not a mailbox"

# kirin ratings recompute: settles the finished rated games again, to the same numbers.
# The accounts are minutes old: refused, unless the operator lets them play rated.
input='shogi challenge alice bob -rated
'
check "a fresh account's rated challenge" 0 "rated games are for accounts 24 hours old" \
  "$kirin" command --db "$db"
input='shogi challenge alice bob -rated
shogi move 4 alice password-alice 7g7f
shogi move 4 bob password-bob 3c3d
shogi move 4 alice password-alice 2g2f
shogi move 4 bob password-bob 8c8d
shogi resign 4 bob password-bob
shogi ratings
'
check "a rated game by text command" 0 "alice's shogi rating: 1500? -> 1662? (+162)" \
  "$kirin" command --db "$db" --rated-min-account-age 0
input=''
check "ratings recompute" 0 "Settled 1 rated game." "$kirin" ratings recompute --db "$db"
input='shogi ratings
'
check "ratings after the recompute" 0 "   1  alice   1662?" "$kirin" command --db "$db"
check "ratings recompute --help" 0 "in the order the games" "$kirin" ratings recompute --help
check "ratings needs a subcommand" 2 "A subcommand is required" "$kirin" ratings
check "ratings recompute: a bad store" 2 "unknown scheme" "$kirin" ratings recompute --db mysql://x

# ---- kirin admin role: the first admin, from the shell; then moderation by text command
input=''
check "admin role --help" 0 "first admin" "$kirin" admin role --help
check "admin needs a subcommand" 2 "A subcommand is required" "$kirin" admin
check "admin role: a bad role" 2 "ROLE: boss not in" "$kirin" admin role alice boss --db "$db"
check "admin role: no such user" 2 "no user named 'nobody'" "$kirin" admin role nobody admin --db "$db"
check "admin role: a bad store" 2 "unknown scheme" "$kirin" admin role alice admin --db mysql://x
input='mod bob password-bob ban alice spam
'
check "mod: a player is refused" 0 "error: mod ban: this is for moderators" "$kirin" command --db "$db"
input=''
check "admin role: the first admin" 0 "bob is an admin." "$kirin" admin role bob admin --db "$db" \
  --reason "the club's organiser"
input='mod bob password-bob ban alice spamming the lobby
shogi ratings
'
check "mod: an admin bans" 0 "alice is banned." "$kirin" command --db "$db"
input='shogi set alice password-alice
'
check "a banned player's command is refused" 0 "is banned: nobody can sign in as it" \
  "$kirin" command --db "$db"
input='mod bob password-bob unban alice
'
check "mod: unban" 0 "alice is no longer banned." "$kirin" command --db "$db"
input=''
check "admin role: back to player" 0 "bob is a player." "$kirin" admin role bob player --db "$db"

echo "text commands: $passes passed, $fails failed"
[ "$fails" -eq 0 ]
