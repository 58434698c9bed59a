// The server's error about an SFEN (POST /api/positions answers 422 with field "sfen" and a
// message such as "start position (side): SFEN side at offset 58: side to move must be 'b' or
// 'w', not 'is'") told as people read it: which field of the SFEN, its number, the place.
import { t, type MessageKey } from '../i18n';

const SERVER_SFEN_ERROR = /SFEN ([a-z ]+?) at offset (\d+): (.*)$/s;
const DEFAULT_FIELDS = ['board', 'side', 'hands', 'move_number'];

/** `message`: the server's; `fields`: the game's SFEN fields in order (its `sfen_fields`). */
export function describeSfenError(
  message: string,
  fields: readonly string[] = DEFAULT_FIELDS,
): string {
  const m = SERVER_SFEN_ERROR.exec(message);
  if (!m) return t('sfen.errorWhole', { detail: message.replace(/^start position: /, '') });
  const name = m[1]!.replace(/ /g, '_');
  const index = fields.indexOf(name);
  const key = `sfen.field.${name}` as MessageKey;
  const field = t(key) === key ? m[1]! : t(key);
  const n = index >= 0 ? index + 1 : name === 'end' ? fields.length + 1 : 0;
  return t('sfen.error', { field, n: n || '?', at: Number(m[2]) + 1, detail: m[3]! });
}
