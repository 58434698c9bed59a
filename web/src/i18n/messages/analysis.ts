// The analysis board's page around the engine (messages/engine.ts): its title, the position
// set up from an SFEN, the help line.
import { area } from '../area';

export default area(
  {
    'analysis.ofGame': 'Analysis',
    'analysis.game': 'Game',
    'analysis.sfenLabel': 'Position (SFEN)',
    'analysis.loading': 'Loading the position…',
    'analysis.noStart': 'The server did not send the start position of {game}; paste an SFEN.',
    'analysis.setUp': 'Set up',
    'analysis.position': 'Position',
    'analysis.help': 'Click a piece to play a move; played before the last move, it starts a new line from there. Step through the moves with the arrows.',
    'analysis.legalFailed': 'Legal moves: {message}',
  },
  {
    'analysis.ofGame': '検討',
    'analysis.game': 'ゲーム',
    'analysis.sfenLabel': '局面（SFEN）',
    'analysis.loading': '局面を読み込み中…',
    'analysis.noStart': 'サーバーから{game}の初期局面が届きませんでした。SFENを貼り付けてください。',
    'analysis.setUp': '設定',
    'analysis.position': '局面',
    'analysis.help': '駒をクリックして指します。途中の局面で指すと、そこから新しい変化になります。矢印キーで手を進めたり戻したりできます。',
    'analysis.legalFailed': '合法手を取得できませんでした：{message}',
  },
);
