// The browser's notifications (the Notification API), for when this tab is in the background:
// your move, your game's end, a challenge, a message. Off until the user turns them on in the
// settings; the browser's permission is asked only then (a click: browsers ignore the request
// otherwise). The setting is this browser's, as the permission is.
const KEY = 'kirin.notifications';

export type NotifyState = 'on' | 'off' | 'denied' | 'unsupported';

function supported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

export function notifyState(): NotifyState {
  if (!supported()) return 'unsupported';
  if (Notification.permission === 'denied') return 'denied';
  return localStorage.getItem(KEY) === 'on' && Notification.permission === 'granted' ? 'on' : 'off';
}

/** Turns the notifications on (asking the browser's permission) or off; the state after. */
export async function setNotify(on: boolean): Promise<NotifyState> {
  if (!supported()) return 'unsupported';
  if (!on) {
    localStorage.removeItem(KEY);
    return notifyState();
  }
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission;
  if (permission === 'granted') localStorage.setItem(KEY, 'on');
  return notifyState();
}

/** Shows a notification if they are on and the tab is hidden; a click brings the tab back at `url`. */
export function notifyInBackground(title: string, url: string, open: (url: string) => void): void {
  if (notifyState() !== 'on' || !document.hidden) return;
  const n = new Notification(title, { tag: url, icon: '/favicon.svg' });
  n.onclick = () => {
    window.focus();
    open(url);
    n.close();
  };
}
