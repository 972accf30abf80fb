/**
 * The live events of ITIL items (the notification events: new, update, add_followup…) for
 * `GET /apirest.php/events`: published by the thread that made the change, to its own listeners
 * and, through a BroadcastChannel, to the other request-serving threads'. Sent once the write's
 * (synchronous) transaction is over: a change that rolled back can still show as an event, which
 * a client answers by reading the item again.
 */
import type { LiveEvent } from '../registry/shapes/live-event';

export type { LiveEvent };

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

/**
 * Joins the threads' channel: called by each request-serving thread of a server (a command-line
 * tool that writes does not, so nothing keeps it running). An unref'd channel receives nothing.
 */
export function joinLiveChannel(): void {
  if (channel) return;
  channel = new BroadcastChannel('deskbase-live-events');
  channel.onmessage = (message: MessageEvent<LiveEvent>) => deliver(message.data);
}

function deliver(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

/** Called in the change's transaction; sent once it is over, so that other threads can read the change. */
export function publishLive(event: LiveEvent): void {
  setTimeout(() => {
    deliver(event);
    channel?.postMessage(event);
  }, 0);
}

const streams = new Set<() => void>();

/** Listens until the returned function is called; `end` closes the stream when the server stops. */
export function listenLive(listener: Listener, end: () => void): () => void {
  listeners.add(listener);
  streams.add(end);
  return () => {
    listeners.delete(listener);
    streams.delete(end);
  };
}

/** Ends this thread's event streams, so that a stopping server does not wait for them. */
export function endLiveStreams(): void {
  for (const end of [...streams]) end();
}
