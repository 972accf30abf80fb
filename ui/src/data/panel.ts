import { useState } from 'preact/hooks';
import { errorText } from './api';

/**
 * The state of a panel that writes through the API and reloads (actors, linked items, access,
 * timeline): the last outcome, and a counter its loading effect depends on.
 */
export function usePanel(afterWrite?: () => Promise<void>) {
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [reload, setReload] = useState(0);

  /** Says what is wrong before any call is made. */
  const refuse = (text: string) => {
    setMessage('');
    setError(text);
  };
  /** A failed load. */
  const failed = (e: unknown) => setError(errorText(e));
  /**
   * Runs a write; on success reloads (the item too, when asked) and says `done` (or what it makes
   * of the answer); on failure shows the API's message.
   */
  const write = async <T>(action: () => Promise<T>, done: string | ((answer: T) => string)): Promise<boolean> => {
    setError('');
    setMessage('');
    let answer: T;
    try {
      answer = await action();
    } catch (e) {
      setError(errorText(e));
      return false;
    }
    await afterWrite?.();
    setReload((r) => r + 1);
    setMessage(typeof done === 'string' ? done : done(answer));
    return true;
  };
  return { message, error, reload, refuse, failed, write };
}
