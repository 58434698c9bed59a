// Shared bits of the pages: loading, relative times.
import { area } from '../area';

export default area(
  {
    'ui.loading': 'Loading…',
    'ui.justNow': 'just now',
    'ui.minutesAgo': '{n} min ago',
    'ui.hoursAgo': '{n} h ago',
  },
  {
    'ui.loading': '読み込み中…',
    'ui.justNow': 'たった今',
    'ui.minutesAgo': '{n}分前',
    'ui.hoursAgo': '{n}時間前',
  },
);
