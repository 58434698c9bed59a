#!/usr/bin/env python3
"""Seeds the fuzz targets' corpora from the test data, the game definitions and the API's
documentation: one file per seed in OUT/<target>/ and a dictionary OUT/<target>.dict
(fuzz/CMakeLists.txt, target fuzz_corpora). Usage: make_corpora.py SOURCE_DIR OUT_DIR"""

import hashlib
import re
import shutil
import sys
from pathlib import Path

src = Path(sys.argv[1])
out = Path(sys.argv[2])

# Adjacent C++ string literals ("a" "b"), joined; raw strings are not used by these tests.
LITERALS = re.compile(rb'(?:"(?:[^"\\\n]|\\.)*"\s*)+')
ESCAPES = {b'n': b'\n', b't': b'\t', b'r': b'\r', b'"': b'"', b'\\': b'\\', b"'": b"'",
           b'0': b'\0'}


def literals(path):
    """The string literals of a C++ file, adjacent ones joined, escapes decoded."""
    found = []
    for match in LITERALS.finditer(path.read_bytes()):
        text = b''
        for part in re.findall(rb'"((?:[^"\\\n]|\\.)*)"', match.group(0)):
            i = 0
            while i < len(part):
                if part[i:i + 1] == b'\\':
                    kind = part[i + 1:i + 2]
                    if kind == b'x':
                        digits = re.match(rb'[0-9a-fA-F]{1,2}', part[i + 2:]).group(0)
                        text += bytes([int(digits, 16)])
                        i += 2 + len(digits)
                        continue
                    text += ESCAPES.get(kind, kind)
                    i += 2
                else:
                    text += part[i:i + 1]
                    i += 1
        found.append(text)
    return found


def toml_strings(path, key):
    """The values of `key = "..."` lines in a TOML file."""
    pattern = re.compile(rb'^\s*' + key.encode() + rb'\s*=\s*"([^"]*)"', re.M)
    return pattern.findall(path.read_bytes())


def write(target, seeds):
    folder = out / target
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    for seed in set(seeds):
        (folder / hashlib.sha1(seed).hexdigest()).write_bytes(seed)
    print(f'{target}: {len(set(seeds))} seeds')


games = sorted(src.glob('variants/*.toml'))
game_ids = [toml_strings(g, 'id')[0] for g in games]

# Positions: every game's setup and handicaps, and the test data's and benchmarks' positions.
positions = []
for path, gid in zip(games, game_ids):
    for sfen in toml_strings(path, 'setup') + toml_strings(path, 'sfen'):
        positions.append((gid, sfen))
for tsv in [src / 'tests/data/chu-perft.tsv', src / 'tests/data/perft-other.tsv']:
    for line in tsv.read_bytes().splitlines():
        cols = line.split(b'\t')
        if not line.startswith(b'#') and len(cols) > 2 and b'/' in cols[1]:
            positions.append((cols[0], cols[1]))
for line in (src / 'src/bench/positions.tsv').read_bytes().splitlines():
    cols = line.split(b'\t')
    if not line.startswith(b'#') and len(cols) > 2 and b'/' in cols[2]:
        positions.append((b'chu', cols[2]))
write('sfen', [gid + b'\n' + sfen for gid, sfen in positions])

# Moves: the texts of the notation tests that look like moves, in the start position and in
# the test data's middle games.
move_shapes = {
    'usi': rb'^[0-9]{1,2}[a-z][0-9]{1,2}[a-z](?:[0-9]{1,2}[a-z])?\+?$|^[A-Z]\*[0-9]{1,2}[a-z]$',
    'pbm': rb'^\+?[A-Za-z]{0,2} ?[0-9a-l!*x=+ -]{2,20}$',
    'gamecourier': rb"^[+A-Za-z']{0,3} ?[0-9a-z]{2,3}[-*][0-9a-z]{2,3}",
}
for target, shape in move_shapes.items():
    test = src / f'tests/notation/{target}_test.cpp'
    moves = [t for t in literals(test) if re.match(shape, t) and re.search(rb'[0-9]', t)]
    starts = [(gid, b'') for gid in game_ids] + positions[:: max(1, len(positions) // 8)]
    seeds = [gid + b'\n' + sfen + b'\n' + m for m in moves for gid, sfen in starts[:3]]
    seeds += [gid + b'\n' + sfen + b'\n' + m for gid, sfen in starts for m in moves[:4]]
    write(target, seeds)

# Game records: the KIF test data and the KIF and Game Courier tests' records, each after the
# line naming its game (empty: the KIF reader's guess).
kif_tests = literals(src / 'tests/notation/kif_reader_test.cpp') + \
    literals(src / 'tests/match/kif_test.cpp')
kifs = [p.read_bytes() for p in sorted(src.glob('tests/data/kif/*.kif'))]
kifs += [t for t in kif_tests if '手'.encode() in t or '歩目'.encode() in t]
write('kif', [gid + b'\n' + k for k in kifs for gid in [b'', b'chu', b'shogi']])
logs = [t for t in literals(src / 'tests/notation/gamecourier_test.cpp') if b'1. ' in t]
write('gamecourier_log', [gid + b'\n' + t for t in logs for gid in [b'shogi', b'chu']])

# Problem collections: the built-in ones whole, each problem alone under their header, the
# problem tests' texts, after the line naming the collection (its game: the id's first part).
collections = sorted(src.glob('problems/*.tsv'))
problem_seeds = []
for tsv in collections:
    lines = tsv.read_bytes().split(b'\n')
    header = b'\n'.join(l for l in lines if l.startswith(b'#'))
    problem_seeds.append(tsv.stem.encode() + b'\n' + tsv.read_bytes())
    problem_seeds += [tsv.stem.encode() + b'\n' + header + b'\n' + l
                      for l in lines if l and not l.startswith(b'#')]
problem_seeds += [gid + b'-x\n' + t
                  for t in literals(src / 'tests/notation/problems_test.cpp') if b'\t' in t
                  for gid in [b'chu', b'shogi']]
write('problems', problem_seeds)

# Game definitions: the built-in ones and the tests' good and bad ones.
tomls = games + sorted(src.glob('tests/data/variants/*.toml')) + \
    sorted(src.glob('tests/data/bad-variants/*.toml'))
write('variant_toml', [t.read_bytes() for t in tomls])
betza = [b for g in games for key in ('betza', 'sting', 'skip_first') for b in toml_strings(g, key)]
write('betza', betza + [b'fW\nfW\nvR', b'K\nK', b'BvR\n\nsR3'])

# Text commands: the shell test's command blocks and the unit tests' command lines.
command_words = rb'^(?:[a-z-]+ )?(?:signup|challenge|move|board|show|resign|games|set|help|block|unblock|report|mod)\b'
commands = [t for test in ('commands_test.cpp', 'moderation_commands_test.cpp')
            for t in literals(src / 'tests/server/text' / test) if re.match(command_words, t)]
shell = (src / 'tests/server/text/text_commands_test.sh').read_bytes()
commands += re.findall(rb"^input='([^']+)'", shell, re.M)
# Most commands need the fuzz store's accounts first (fuzz/server_store.h: alice, bob, carol).
write('commands', commands + [b'shogi move 1 alice password-alice 7g7f\nshogi board 1\n'])

# Mail: the mail tests' messages.
write('mail', [t for t in literals(src / 'tests/server/mail/mail_test.cpp') if b'From:' in t])

# HTTP requests and WebSocket messages: every route and every JSON example of docs/API.md,
# as alice and as nobody (fuzz/http.cpp and fuzz/websocket.cpp say the input's form).
api = (src / 'docs/API.md').read_bytes()
examples = re.findall(rb'`(\{[^`]*\})`', api)
requests = []
for section in re.split(rb'\n### ', api)[1:]:
    heading = section.split(b'\n')[0]
    bodies = [b''] + re.findall(rb'`(\{[^`]*\})`', section) + \
        re.findall(rb'```json\n(.*?)```', section, re.S)
    for method, path in re.findall(rb'`(GET|POST|PUT|DELETE) (/[^` ]*)`', heading):
        path = re.sub(rb'\{[a-z]+\}', b'1', path.split(b'[')[0])
        for auth in [b'', b'Bearer @alice'] + ([b'Bearer @carol'] if b'/mod' in path or b'/admin' in path else []):
            requests += [method + b' ' + path + b'\n' + auth + b'\n' + b for b in bodies]
write('http', requests)
ws = [e for e in examples if b'"op"' in e]
write('websocket', [token + b'\n' + m for token in [b'', b'@alice'] for m in ws] +
      [b'@alice\n' + b'\n'.join(ws)])

# Behind a reverse proxy: the trusted proxies, the peer and X-Forwarded-For (the client address
# tests' cases and a few of each kind).
write('forwarded_for', [b'127.0.0.1\n127.0.0.1\n203.0.113.7',
                        b'127.0.0.1 10.0.0.0/8\n127.0.0.1\n198.51.100.1, 10.1.2.3',
                        b'::1 fd00::/8\n::1\n2001:db8::1, fd00::2',
                        b'127.0.0.1\n::ffff:127.0.0.1\n203.0.113.7, unknown',
                        b'\n203.0.113.9\n1.2.3.4', b'10.0.0.0/33\n10.0.0.1\n1.1.1.1'])

# Dictionaries (libFuzzer's -dict): each grammar's words, OUT/<target>.dict.


def write_dict(target, words):
    def quoted(word):
        return '"' + ''.join(chr(c) if 32 <= c < 127 and c not in b'"\\' else f'\\x{c:02x}'
                             for c in word) + '"'
    lines = sorted({quoted(w) for w in words if w})
    (out / f'{target}.dict').write_text('\n'.join(lines) + '\n')


ids = game_ids + [b'\n']
write_dict('sfen', ids + [b'/', b' b ', b' w ', b' - ', b'+', b"'", b'12', b'10'])
for target in ('usi', 'pbm', 'gamecourier'):
    write_dict(target, ids + [b'+', b'=', b'*', b'x', b'x!', b'-', b';', b'@-', b'12', b'10'])
write_dict('kif', ids + [w.encode() for w in (
    '手合割：', '先手：', '後手：', '手数----指手---------消費時間--', '手目', '▲', '△', '一歩目',
    '二歩目', '仝', '同　', '成', '不成', '打', '（居食い）', '(じっと)', '（取り：', '（←', '）',
    '(', ')', '投了', '詰み', '千日手', '|', '後手の持駒：', '先手の持駒：', '後手番', '* ',
    '七', '十', '十二', '獅子', '歩兵', '歩', '金')])
write_dict('problems', ids + [b'-', b'#', b'# ', b'\t', b'\n', b'# name\tsfen\tsolution\n',
                          b'name ', b' b - 1', b' w - 1', b'A1', b'B12a', b' ', b'\r', b'+'])
write_dict('gamecourier_log', ids + [b'1. ', b'1... ', b'\n', b'; ', b'-', b'*', b'+', b'@-'])
toml_keys = {k for t in tomls for k in re.findall(rb'^\s*([a-z_]+)\s*=', t.read_bytes(), re.M)}
toml_tables = {k for t in tomls for k in re.findall(rb'^\s*(\[\[?[a-z_.]+\]\]?)', t.read_bytes(),
                                                    re.M)}
write_dict('variant_toml', list(toml_keys) + list(toml_tables) + [b' = "', b'true', b'false'])
write_dict('forwarded_for', [b'127.0.0.1', b'::1', b'::ffff:', b'10.0.0.0/8', b'/', b', ', b',',
                             b'\n', b' ', b'[', b']', b'%', b'unknown', b'fd00::/8'])
write_dict('betza', [bytes([c]) for c in b'WFDANCZGHKQRBfblrsvhimcpgnjoaxyz'] + [b'\n'])
write_dict('commands', ids + [b'signup', b'challenge', b'move', b'board', b'show', b'resign',
                              b'games', b'set', b'help', b'alice', b'bob', b'carol',
                              b'password-alice', b'password-bob', b'-drops', b'-handicap=',
                              b'-option=', b'-profile=', b'-level=', b'-dai', b'-lion', b'flip',
                              b'noflip', b'standard', b'alternate', b'small', b'\n--\n', b'> ',
                              b'block', b'unblock', b'report', b'mod', b'reports', b'warn', b'mute',
                              b'unmute', b'ban', b'unban', b'close-challenges', b'unrate-games',
                              b'password-carol', b'hours=', b'board='])
write_dict('mail', [b'From: ', b'To: ', b'Subject: ', b'Reply-To: ', b'Message-ID: ',
                    b'References: ', b'Content-Type: ', b'Content-Transfer-Encoding: ',
                    b'MIME-Version: 1.0', b'multipart/mixed; boundary=', b'text/plain',
                    b'text/html', b'charset=', b'format=flowed', b'base64', b'quoted-printable',
                    b'Auto-Submitted: ', b'Precedence: ', b'Return-Path: ', b'=?UTF-8?Q?',
                    b'=?UTF-8?B?', b'?=', b'\n\n', b'--', b'alice@example.org',
                    b'-----BEGIN PGP SIGNED MESSAGE-----', b'chushogi move 1 alice '])
json_keys = set(re.findall(rb'"([a-z_]+)":', api))
paths = {p for _, p in re.findall(rb'`(GET|POST|PUT|DELETE) (/[^` ]*)`', api)}
write_dict('http', [b'GET ', b'POST ', b'PUT ', b'DELETE ', b'HEAD ', b'Bearer @alice',
                    b'Bearer @bob', b'Bearer @carol', b'%2e', b'%00', b'?'] +
           [b'"' + k + b'":' for k in json_keys] + [re.sub(rb'\{[a-z]+\}', b'1', p)
                                                     for p in paths] + ids)
write_dict('websocket', [b'@alice', b'@bob', b'"op":', b'"topic":', b'"id":', b'"subscribe"',
                         b'"unsubscribe"', b'"ping"', b'"analyze"', b'"stop_analysis"',
                         b'"game:1"', b'"user:alice"', b'"lobby"'] +
           [b'"' + k + b'":' for k in json_keys] + ids)
