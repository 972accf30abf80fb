/**
 * The live events of ITIL items (the notification events: new, update, add_followup…) for
 * `GET /apirest.php/events`: published by the thread that made the change, to its own listeners
 * and, through a BroadcastChannel, to the other request-serving threads'. Published as the change
 * is written (in its transaction): a change that then rolls back can show as an event, which a
 * client answers by reading the item again.
 */
export interface LiveEvent {
  itemtype: string;
  items_id: number;
  event: string;
}

type Listener = (event: LiveEvent) => void;

const listeners = new Set<Listener>();
let channel: BroadcastChannel | null = null;

function channelOpen(): BroadcastChannel {
  if (!channel) {
    channel = new BroadcastChannel('deskbase-live-events');
    (channel as BroadcastChannel & { unref(): void }).unref();
    channel.onmessage = (message: MessageEvent<LiveEvent>) => deliver(message.data);
  }
  return channel;
}

function deliver(event: LiveEvent): void {
  for (const listener of listeners) listener(event);
}

export function publishLive(event: LiveEvent): void {
  deliver(event);
  channelOpen().postMessage(event);
}

const streams = new Set<() => void>();

/** Listens until the returned function is called; `end` closes the stream when the server stops. */
export function listenLive(listener: Listener, end: () => void): () => void {
  channelOpen();
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
