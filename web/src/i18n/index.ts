// The message catalogue: every text of the pages goes through `t(key, params)`. Each area of
// the UI keeps its messages in `messages/AREA.ts`, English and Japanese side by side; the type
// of `area()` (area.ts) makes a missing Japanese message a type error. The language is the
// user's setting, or the browser's language when the setting is "auto".
import analysis from './messages/analysis';
import archive from './messages/archive';
import auth from './messages/auth';
import board from './messages/board';
import clock from './messages/clock';
import common from './messages/common';
import display from './messages/display';
import editor from './messages/editor';
import engine from './messages/engine';
import game from './messages/game';
import imports from './messages/imports';
import lobby from './messages/lobby';
import match from './messages/match';
import moderation from './messages/moderation';
import notices from './messages/notices';
import play from './messages/play';
import position from './messages/position';
import problems from './messages/problems';
import ratings from './messages/ratings';
import result from './messages/result';
import review from './messages/review';
import rules from './messages/rules';
import settings from './messages/settings';
import social from './messages/social';
import tournaments from './messages/tournaments';
import ui from './messages/ui';

export type Lang = 'en' | 'ja';
export type LangSetting = 'auto' | Lang;

// Add an area's module here (its keys join MessageKey).
const AREAS = [
  common, ui, auth, lobby, board, position, display, engine, editor, rules, match, notices, archive,
  game, result, clock, analysis, settings, ratings, imports, play, social, problems, moderation,
  tournaments, review,
] as const;

type AreaOf<A> = A extends { en: infer E } ? keyof E & string : never;
export type MessageKey = AreaOf<(typeof AREAS)[number]>;
export type Params = Record<string, string | number>;

const catalogue: Record<Lang, Map<string, string>> = { en: new Map(), ja: new Map() };
for (const a of AREAS) {
  for (const [k, v] of Object.entries(a.en)) {
    if (catalogue.en.has(k)) throw new Error(`i18n: the key ${k} is defined twice`);
    catalogue.en.set(k, v);
  }
  for (const [k, v] of Object.entries(a.ja)) catalogue.ja.set(k, v as string);
}

/** The languages of the pages, each named in itself (the setting's choices, besides "auto"). */
export const LANGS: ReadonlyArray<{ id: Lang; name: string }> = [
  { id: 'en', name: 'English' },
  { id: 'ja', name: '日本語' },
];

/** The word "language" in each language: the setting's heading says it in both, so that it can
 * be found whatever language the page is in. */
export const LANGUAGE_WORD: Record<Lang, string> = { en: 'Language', ja: '言語' };

export function langSettingOf(value: unknown): LangSetting {
  return value === 'en' || value === 'ja' ? value : 'auto';
}

/** The language a setting means here: "auto" follows the browser's preferred languages. */
export function resolveLang(setting: LangSetting, browser: readonly string[] = browserLanguages()): Lang {
  if (setting !== 'auto') return setting;
  for (const l of browser) {
    const base = l.toLowerCase().split('-')[0];
    if (base === 'ja') return 'ja';
    if (base === 'en') return 'en';
  }
  return 'en';
}

function browserLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  return navigator.languages?.length ? navigator.languages : [navigator.language];
}

let current: Lang = 'en';

export function lang(): Lang {
  return current;
}

/** Sets the language of every later `t` and of the document (screen readers, fonts). */
export function setLang(l: Lang): void {
  current = l;
  if (typeof document !== 'undefined') document.documentElement.lang = l;
}

/** The message in the current language, with `{name}` replaced by `params.name`, and a plural
 * choice `{name|one|other}` by the number `params.name` ("1 line", "2 lines"). */
export function t(key: MessageKey, params?: Params): string {
  const text = catalogue[current].get(key) ?? catalogue.en.get(key) ?? key;
  if (!params) return text;
  return text
    .replace(/\{(\w+)\|([^|}]*)\|([^}]*)\}/g, (m, name: string, one: string, other: string) =>
      name in params ? (pluralRules().select(Number(params[name])) === 'one' ? one : other) : m)
    .replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}

const pluralCache = new Map<Lang, Intl.PluralRules>();
function pluralRules(): Intl.PluralRules {
  let r = pluralCache.get(current);
  if (!r) pluralCache.set(current, (r = new Intl.PluralRules(current)));
  return r;
}
