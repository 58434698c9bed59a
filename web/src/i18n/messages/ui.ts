// Shared bits of the pages: loading, relative times, the connection to the server.
import { area } from '../area';

export default area(
  {
    'ui.loading': 'Loading…',
    'ui.justNow': 'just now',
    'ui.minutesAgo': '{n} min ago',
    'ui.hoursAgo': '{n} h ago',
    'ui.unreachable': 'Cannot reach the server. Check your connection and try again.',
    'ui.notJson': 'The server sent an answer that is not JSON.',
    'ui.connectionLost': 'The connection to the server was lost.',
  },
  {
    'ui.loading': '読み込み中…',
    'ui.justNow': 'たった今',
    'ui.minutesAgo': '{n}分前',
    'ui.hoursAgo': '{n}時間前',
    'ui.unreachable': 'サーバーに接続できません。接続を確認して、もう一度お試しください。',
    'ui.notJson': 'サーバーの応答を読めませんでした（JSON ではありません）。',
    'ui.connectionLost': 'サーバーとの接続が切れました。',
  },
);
