/**
 * The server's live events (GET /apirest.php/events, Server-Sent Events) for the console: one
 * stream per tab, read with fetch so the session token goes in a header (never in a URL), opened
 * while some view listens and again after a break. Views subscribe with useLiveEvents; a burst
 * of events reaches a listener as one call.
 */
import { useEffect, useRef } from 'preact/hooks';
import type { LiveEvent } from '@server/registry/shapes/live-event';
import { API_BASE, api } from './api';

export type { LiveEvent };

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let reading: AbortController | null = null;
const RETRY_MS = 3_000;

/** Parses the stream's `data:` lines (one JSON event per block) and hands them out. */
async function read(signal: AbortSignal): Promise<void> {
  const token = api.token;
  if (!token) return;
  const res = await fetch(`${API_BASE}/events`, { headers: { 'Session-Token': token, Accept: 'text/event-stream' }, cache: 'no-store', signal });
  if (!res.ok || !res.body) throw new Error(`events: HTTP ${res.status}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data:'))
        .map((line) => line.slice(5).trim())
        .join('');
      if (!data) continue;
      try {
        const event = JSON.parse(data) as LiveEvent;
        for (const listener of [...listeners]) listener(event);
      } catch {
        // not an event of ours
      }
    }
  }
}

function open(): void {
  if (reading || listeners.size === 0) return;
  const controller = new AbortController();
  reading = controller;
  read(controller.signal)
    .catch(() => undefined)
    .finally(() => {
      if (reading !== controller) return;
      reading = null;
      // Ended (server restart, session change): open again while someone listens.
      if (!controller.signal.aborted) setTimeout(open, RETRY_MS);
    });
}

function listen(listener: Listener): () => void {
  listeners.add(listener);
  open();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      reading?.abort();
      reading = null;
    }
  };
}

/**
 * Calls `onEvent` for the events `wanted` accepts while the component is shown: for each one with
 * `every`, else at most once per 250 ms with the last (a view reloading once for a burst).
 */
export function useLiveEvents(wanted: (event: LiveEvent) => boolean, onEvent: (event: LiveEvent) => void, every = false): void {
  const latest = useRef({ wanted, onEvent });
  latest.current = { wanted, onEvent };
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    let last: LiveEvent | null = null;
    const stop = listen((event) => {
      if (!latest.current.wanted(event)) return;
      if (every) return latest.current.onEvent(event);
      last = event;
      timer ??= setTimeout(() => {
        timer = null;
        if (last) latest.current.onEvent(last);
      }, 250);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, []);
}
