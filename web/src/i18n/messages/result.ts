// A finished game's result, told from its structured fields (`result` and `reason`, docs/API.md):
// who won, and why. English as the server's `result_text` says it; Japanese as shogi sites do.
import { area } from '../area';

export default area(
  {
    'result.black': 'Black wins',
    'result.white': 'White wins',
    'result.draw': 'Draw',
    'result.resignation': '{who} by resignation',
    'result.timeout': '{who} on time',
    'result.agreement': '{who} by agreement',
    'result.checkmate': '{who}: checkmate',
    'result.royals-captured': '{who}: all royal pieces captured',
    'result.bare-king': '{who}: bare king',
    'result.no-legal-moves': '{who}: no legal moves',
    'result.repetition': '{who}: fourfold repetition',
    'result.perpetual-attack': '{who}: perpetual attack on fourfold repetition',
    'result.impasse': '{who}: impasse',
    'result.insufficient-material': '{who}: insufficient material',
    'result.ply-limit': '{who}: move limit reached',
  },
  {
    'result.black': '先手の勝ち',
    'result.white': '後手の勝ち',
    'result.draw': '引き分け',
    'result.resignation': '{who}（投了）',
    'result.timeout': '{who}（時間切れ）',
    'result.agreement': '{who}（合意）',
    'result.checkmate': '{who}（詰み）',
    'result.royals-captured': '{who}（玉をすべて取った）',
    'result.bare-king': '{who}（裸玉）',
    'result.no-legal-moves': '{who}（指す手なし）',
    'result.repetition': '{who}（千日手）',
    'result.perpetual-attack': '{who}（連続攻めの千日手）',
    'result.impasse': '{who}（持将棋）',
    'result.insufficient-material': '{who}（駒不足）',
    'result.ply-limit': '{who}（手数制限）',
  },
);
