// The display settings kept in this browser: theme, move diagrams, premoves, sounds, the engine.
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
    'display.engine': 'Engine (analysis, find a mate)',
    'display.engine.browser': 'In this browser: no waiting for the server; uses this device',
    'display.engine.server': 'On the server',
    'display.engineMemory': 'Browser engine memory',
    'display.engineMemory.auto': 'Automatic ({mb} MB on this device)',
    'display.engineMemory.mb': '{mb} MB',
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
    'display.engine': 'エンジン（解析・詰み探索）',
    'display.engine.browser': 'このブラウザで：サーバーを待たずに、この端末で計算',
    'display.engine.server': 'サーバーで',
    'display.engineMemory': 'ブラウザのエンジンのメモリ',
    'display.engineMemory.auto': '自動（この端末では {mb} MB）',
    'display.engineMemory.mb': '{mb} MB',
  },
);
