// Positions typed by people (the SFEN field of the analysis board): errors naming the field
// of the SFEN and the place in it.
import { area } from '../area';

export default area(
  {
    'sfen.error': 'SFEN, {field} (field {n}, at character {at}): {detail}',
    'sfen.errorWhole': 'SFEN: {detail}',
    'sfen.addressError': 'The position in the address is not one of {game}: {error}. The start position is shown.',
    'sfen.field.board': 'the board',
    'sfen.field.side': 'the side to move',
    'sfen.field.hands': 'the pieces in hand',
    'sfen.field.move_number': 'the move number',
    'sfen.field.end': 'the end',
    'sfen.placeholder': 'SFEN (empty: start)',
  },
  {
    'sfen.error': 'SFEN の{field}（第{n}欄、{at}文字目）：{detail}',
    'sfen.errorWhole': 'SFEN：{detail}',
    'sfen.addressError': 'アドレスの局面は{game}の局面ではありません：{error}。初期局面を表示しています。',
    'sfen.field.board': '盤面',
    'sfen.field.side': '手番',
    'sfen.field.hands': '持ち駒',
    'sfen.field.move_number': '手数',
    'sfen.field.end': '末尾',
    'sfen.placeholder': 'SFEN（空欄：初期局面）',
  },
);
