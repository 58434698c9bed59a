// The display settings kept in this browser: theme, move diagrams, premoves, sounds.
import { area } from '../area';

export default area(
  {
    'display.theme': 'Theme',
    'display.theme.system': 'As the system (light or dark)',
    'display.theme.light': 'Light',
    'display.theme.dark': 'Dark',
    'display.play': 'Playing',
    'display.diagrams': 'Show a piece’s move diagram when the pointer rests on it (or on a long press)',
    'display.premoves': 'Premoves: enter your next move while the opponent thinks (live games)',
    'display.sounds': 'Move sounds',
    'display.volume': 'Volume',
  },
  {
    'display.theme': 'テーマ',
    'display.theme.system': 'システムの設定に従う',
    'display.theme.light': 'ライト',
    'display.theme.dark': 'ダーク',
    'display.play': '対局',
    'display.diagrams': '駒にポインタを置くと（長押しでも）駒の動きを表示',
    'display.premoves': '先読み手：相手の手番中に次の手を入力（リアルタイム対局）',
    'display.sounds': '駒音',
    'display.volume': '音量',
  },
);
