// Who is signed in and how they like boards drawn. The server keeps the piece set and the
// orientation (PUT /api/me/preferences); the coordinate style and the notation are kept in this
// browser. Signed-out visitors keep everything in this browser.
import { api, ApiError, getToken, onUnauthorized, savedUserName, setSession } from './api/client';
import type { MeResponse, Preferences, Role, User } from './api/types';
import { roleOf } from './moderation';
import { push } from './api/ws';
import type { CoordStyle } from './render/board';
import { langSettingOf, resolveLang, setLang, type LangSetting } from './i18n';
import { pieceSetOf, type PieceSetId } from './render/pieces';
import type { NotationId } from './shogi/notation';

export interface DisplayPrefs {
  pieceSet: PieceSetId;
  /** In the user's own games, their side at the bottom (White's when they play White); false:
   * Black always at the bottom. The server's `flip`, pbmserv's default (true). */
  flip: boolean;
  coords: CoordStyle;
  notation: NotationId;
  boardStyle: Preferences['board_style'];
  /** The language of the pages; "auto" follows the browser. Kept in this browser. */
  lang: LangSetting;
  /** The engine lines the analysis board asks for (MultiPV, 1 to 5). */
  engineLines: number;
  /** Where the analysis board, "find a mate" and the problems room run the engine: in this
   * browser (WebAssembly; the server's when it cannot start) or on the server. */
  engine: 'browser' | 'server';
  /** The browser engine's table in MiB; 0: chosen for the device (engine/browserEngine.ts). */
  engineMemory: number;
  /** Light or dark pages; "system" follows the system's setting. Kept in this browser (and
   * read by /theme.js before the first paint). */
  theme: ThemeSetting;
  /** A piece's move diagram on hover or long press. */
  diagrams: boolean;
  /** In live games, a move entered while the opponent is to move, played when they have moved. */
  premoves: boolean;
  /** Move sounds, and their volume from 0 to 1. */
  sounds: boolean;
  volume: number;
}

export type ThemeSetting = 'system' | 'light' | 'dark';

/** Sets the theme of the page: data-theme on <html>, none for the system's (see /theme.js). */
function applyTheme(theme: ThemeSetting): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

const LOCAL_KEY = 'kirin.display';
/** The browser engine's table sizes offered (MiB; 0: automatic). */
export const ENGINE_MEMORY = [0, 16, 32, 64, 128, 256];

function loadLocal(): DisplayPrefs {
  const d: DisplayPrefs = {
    pieceSet: 'kanji', flip: true, coords: 'usi', notation: 'western', boardStyle: 'standard', lang: 'auto',
    theme: 'system', diagrams: true, premoves: true, sounds: true, volume: 0.6, engineLines: 2,
    engine: 'browser', engineMemory: 0,
  };
  let saved: Partial<DisplayPrefs> = {};
  try {
    const raw = localStorage.getItem(LOCAL_KEY);
    if (raw) saved = JSON.parse(raw) as Partial<DisplayPrefs>;
  } catch {
    /* defaults */
  }
  Object.assign(d, saved);
  d.lang = langSettingOf(d.lang);
  // Someone reading Japanese reads moves in Japanese unless they chose otherwise.
  if (saved.notation === undefined && resolveLang(d.lang) === 'ja') d.notation = 'japanese';
  d.engineLines = Number.isInteger(d.engineLines) ? Math.min(5, Math.max(1, d.engineLines)) : 2;
  if (d.engine !== 'server') d.engine = 'browser';
  if (!ENGINE_MEMORY.includes(d.engineMemory)) d.engineMemory = 0;
  setLang(resolveLang(d.lang));
  if (d.theme !== 'light' && d.theme !== 'dark') d.theme = 'system';
  applyTheme(d.theme);
  d.diagrams = d.diagrams !== false;
  d.premoves = d.premoves !== false;
  d.sounds = d.sounds !== false;
  d.volume = typeof d.volume === 'number' && d.volume >= 0 && d.volume <= 1 ? d.volume : 0.6;
  return d;
}

type Listener = () => void;

class Session {
  user: User | null = null;
  name: string | null = savedUserName();
  role: Role = 'player';
  /** The signed-in player's default rule profile of each game (Preferences.profiles). */
  profiles: Record<string, string> = {};
  /** The server ended the session (a ban, a password change elsewhere, an expired token):
   * the page says so until the next sign-in. */
  ended = false;
  prefs: DisplayPrefs = loadLocal();
  private listeners = new Set<Listener>();

  get signedIn(): boolean {
    return !!getToken() && !!this.name;
  }

  onChange(f: Listener): () => void {
    this.listeners.add(f);
    return () => this.listeners.delete(f);
  }

  private changed(): void {
    localStorage.setItem(LOCAL_KEY, JSON.stringify(this.prefs));
    this.listeners.forEach((f) => f());
  }

  /** Loads the account and its preferences if a token is saved. */
  async restore(): Promise<void> {
    if (!getToken()) return;
    try {
      const me = await api.me();
      this.user = me.user;
      this.name = me.user.name;
      this.applyMe(me);
    } catch {
      // An expired token: onUnauthorized signs out; a network error keeps the saved name.
    }
    this.changed();
  }

  private applyMe(me: MeResponse): void {
    this.role = roleOf(me.role ?? me.user.role);
    this.applyServerPrefs(me.preferences);
  }

  private applyServerPrefs(p: Preferences): void {
    this.prefs.pieceSet = pieceSetOf(p.piece_set);
    this.prefs.flip = p.flip;
    this.prefs.boardStyle = p.board_style;
    this.profiles = p.profiles ?? {};
  }

  async signIn(token: string, user: User): Promise<void> {
    setSession(token, user.name);
    this.user = user;
    this.name = user.name;
    this.role = roleOf(user.role);
    this.ended = false;
    push.restart();
    try {
      this.applyMe(await api.me());
    } catch {
      /* keep local preferences */
    }
    this.changed();
  }

  async signOut(): Promise<void> {
    try {
      if (getToken()) await api.logout();
    } catch {
      /* the session ends here anyway */
    }
    this.clear();
  }

  clear(): void {
    setSession(null, null);
    this.user = null;
    this.name = null;
    this.role = 'player';
    push.restart();
    this.changed();
  }

  /** The server no longer knows the token: signed out, and the page says why. */
  end(): void {
    if (!getToken()) return;
    this.ended = true;
    this.clear();
  }

  /** Changes display preferences; the server's share is saved there when signed in. */
  async setPrefs(p: Partial<DisplayPrefs>): Promise<void> {
    Object.assign(this.prefs, p);
    if (p.lang !== undefined) setLang(resolveLang(p.lang));
    if (p.theme !== undefined) applyTheme(p.theme);
    this.changed();
    if (this.signedIn && (p.pieceSet !== undefined || p.flip !== undefined || p.boardStyle !== undefined)) {
      const body: Partial<Preferences> = {};
      if (p.pieceSet !== undefined) body.piece_set = p.pieceSet;
      if (p.flip !== undefined) body.flip = p.flip;
      if (p.boardStyle !== undefined) body.board_style = p.boardStyle;
      const saved = await api.setPreferences(body);
      this.applyServerPrefs(saved);
      this.changed();
    }
  }
}

export const session = new Session();

/** Whether to show a board from White's side: in the viewer's own game as they prefer, else Black below. */
export function viewFromWhite(myColor: 'black' | 'white' | null): boolean {
  return myColor === 'white' && session.prefs.flip;
}
onUnauthorized(() => session.end());
// The server closed the push of a signed-in page: reconnect only if the session still holds
// (a 401 from /api/me ends it through onUnauthorized; a network error keeps it).
push.setSessionCheck(async () => {
  try {
    await api.me();
    return true;
  } catch (e) {
    return !(e instanceof ApiError && e.status === 401);
  }
});
