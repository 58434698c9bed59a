// Clocks and time controls: "10 min + 30 s byoyomi" as 持ち時間10分 秒読み30秒.
import { area } from '../area';

export default area(
  {
    'clock.label.black': 'Black’s clock',
    'clock.label.white': 'White’s clock',
    'clock.byoyomi': 'byoyomi {time}',
    'clock.byoyomiSuffix': ' +{s}s',
    'clock.daysHours': '{d}d {h}h',
    'clock.hoursMinutes': '{h}h {m}m',
    'clock.minutes': '{m}m',
    'clock.none': 'no clock',
    'clock.oneDay': '1 day a move',
    'clock.days': '{n} days a move',
    'clock.mainMinutes': '{n} min',
    'clock.mainSeconds': '{n} s',
    'clock.main': '{main}',
    'clock.withByoyomi': '{main} + {s} s byoyomi',
    'clock.withIncrement': '{main} + {s} s a move',
  },
  {
    'clock.label.black': '先手の時計',
    'clock.label.white': '後手の時計',
    'clock.byoyomi': '秒読み {time}',
    'clock.byoyomiSuffix': ' +{s}秒',
    'clock.daysHours': '{d}日{h}時間',
    'clock.hoursMinutes': '{h}時間{m}分',
    'clock.minutes': '{m}分',
    'clock.none': '時計なし',
    'clock.oneDay': '1手1日',
    'clock.days': '1手{n}日',
    'clock.mainMinutes': '{n}分',
    'clock.mainSeconds': '{n}秒',
    'clock.main': '持ち時間{main}',
    'clock.withByoyomi': '持ち時間{main} 秒読み{s}秒',
    'clock.withIncrement': '持ち時間{main} 1手ごとに{s}秒加算',
  },
);
