// Piece sets: how a piece's face is written. Kanji with one character (as lishogi shows Chu),
// the full two-character kanji name, or the Western abbreviation. The names and characters come
// from the server's game data (GET /api/variants/{id}); without it a piece shows its SFEN letter.
import type { VariantDetail, VariantPiece } from '../api/types';
import { lang, t } from '../i18n';

export type PieceSetId = 'kanji' | 'kanji2' | 'western';

/** The sets in the settings' order (their names: `settings.pieceSet.*` in the catalogue). */
export const PIECE_SETS: readonly PieceSetId[] = ['kanji', 'kanji2', 'western'];

export function pieceSetOf(value: string | undefined): PieceSetId {
  return value === 'kanji2' || value === 'western' ? value : 'kanji';
}

// The usual one-character form of two-character names (lishogi's Chu set, Dai's conventions;
// Tenjiku's 砲 and 炮 for the range-capturing generals; for the Seireigi pieces the animal, as
// Chu writes 猛豹 豹: docs/rules/kanji.md).
const ONE_CHAR: Record<string, string> = {
  玉将: '玉', 王将: '王', 酔象: '象', 金将: '金', 銀将: '銀', 銅将: '銅', 猛豹: '豹', 盲虎: '虎',
  麒麟: '麒', 鳳凰: '鳳', 香車: '香', 反車: '反', 横行: '横', 竪行: '竪', 角行: '角', 飛車: '飛',
  龍馬: '馬', 龍王: '龍', 奔王: '奔', 獅子: '獅', 歩兵: '歩', 仲人: '仲', 太子: '太', 飛鹿: '鹿',
  白駒: '駒', 鯨鯢: '鯨', 奔猪: '猪', 飛牛: '牛', 角鷹: '鷹', 飛鷲: '鷲', と金: 'と', 嗔猪: '嗔',
  猫刄: '猫', 悪狼: '狼', 飛龍: '竜', 猛牛: '猛', 鉄将: '鉄', 石将: '石', 桂馬: '桂', 獅鷹: '獅',
  角将: '砲', 飛将: '炮', 副将: '副', 大将: '大', 四天王: '四', 火鬼: '火',
  変狸: '狸', 走兎: '兎', 飛猫: '猫', 羊兵: '羊', 大象: '象', 走狼: '狼', 大豹: '豹', 走豹: '豹',
  強熊: '熊', 猛熊: '熊', 飛燕: '燕', 金翅: '翅', 天馬: '天', 奔虎: '虎', 教王: '教', 隠狐: '狐',
  鳩槃: '鳩', 奔狗: '狗', 大鹿: '鹿', 踊鹿: '鹿', 毒蛇: '蛇', 奔鬼: '鬼', 大獏: '獏', 毒狼: '狼',
};

export interface PieceInfo {
  token: string;
  name: string;
  kanji: string | null;
  abbrev: string;
  promoted: boolean;
  royal: boolean;
  source: VariantPiece | null;
}

export class PieceCatalog {
  private byToken = new Map<string, PieceInfo>();
  private oneChar = new Map<string, string>();

  constructor(readonly variant: VariantDetail | null) {
    for (const p of variant?.pieces ?? []) {
      const token = p.token.toLowerCase();
      this.byToken.set(token, {
        token,
        name: p.name,
        kanji: p.kanji || null,
        abbrev: p.abbrev || token.replace(/'/g, '′').toUpperCase(),
        promoted: p.promoted ?? token.startsWith('+'),
        royal: !!p.royal,
        source: p,
      });
    }
    // One character per piece; where two different unpromoted pieces would share one (no built-in
    // game has such a pair: tests/unit/pieces.test.ts), the later keeps both characters.
    const used = new Map<string, string>();
    for (const info of this.byToken.values()) {
      const k = info.kanji;
      if (!k) continue;
      let c = ONE_CHAR[k] ?? k[0]!;
      if (!info.promoted && used.has(c) && used.get(c) !== k && k.length > 1) c = k;
      if (!info.promoted) used.set(c, k);
      this.oneChar.set(info.token, c);
    }
  }

  info(token: string): PieceInfo {
    const known = this.byToken.get(token);
    if (known) return known;
    const promoted = token.startsWith('+');
    const letter = token.replace('+', '').replace(/'/g, '′').toUpperCase();
    return { token, name: promoted ? t('board.promotedLetter', { letter }) : letter, kanji: null, abbrev: (promoted ? '+' : '') + letter, promoted, royal: token === 'k', source: null };
  }

  /** The lines of text on the piece's face in a set. */
  face(token: string, set: PieceSetId, color: 'black' | 'white' = 'black'): { lines: string[]; kanji: boolean } {
    const info = this.info(token);
    if (set !== 'western' && info.kanji) {
      // White's King is written 王, Black's 玉, as on lishogi.
      const whiteKing = color === 'white' && info.kanji === '玉将';
      if (set === 'kanji') {
        const one = whiteKing ? '王' : this.oneChar.get(token) ?? info.kanji[0]!;
        return { lines: one.length > 1 ? [...one] : [one], kanji: true };
      }
      const k = whiteKing ? '王将' : info.kanji;
      return { lines: k.length <= 2 ? [...k] : [k.slice(0, Math.ceil(k.length / 2)), k.slice(Math.ceil(k.length / 2))], kanji: true };
    }
    return { lines: [info.abbrev.replace(/^\+/, '')], kanji: false };
  }

  /** The name people read, in the page's language: "Lion (promoted Kirin)", or 獅子 (its kanji
   * name; the English one where it has none). */
  name(token: string): string {
    const info = this.info(token);
    return lang() === 'ja' && info.kanji ? info.kanji : info.name;
  }
}
