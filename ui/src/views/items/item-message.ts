import { useState } from 'preact/hooks';
import { errorText } from '../../data/api';

export type Message = { kind: 'error' | 'success' | 'info'; text: string } | null;

/** A message to show on the next item view (after creating, which changes the route). */
let flash: Message = null;

/** Says `message` on the item page the console goes to next. */
export function flashOnNextView(message: Message): void {
  flash = message;
}

/**
 * An item page's outcome line and busy state: `act` runs one action at a time, shows what it
 * answers or the API's error; the page opens with the message flashed to it, if any.
 */
export function useItemMessage() {
  const [message, setMessage] = useState<Message>(() => {
    const m = flash;
    flash = null;
    return m;
  });
  const [busy, setBusy] = useState(false);
  const act = async (action: () => Promise<Message | void>) => {
    setBusy(true);
    setMessage(null);
    try {
      const m = await action();
      if (m) setMessage(m);
    } catch (e) {
      setMessage({ kind: 'error', text: errorText(e) });
    } finally {
      setBusy(false);
    }
  };
  return { message, setMessage, busy, act };
}
