/**
 * Real HTTP receivers for webhook tests, on free loopback ports: one that answers with a given
 * status and body and keeps what it received, one that never answers, one that closes the
 * connection as soon as a request arrives.
 */
import type { Server, TCPSocketListener } from 'bun';

export interface Received {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: string;
  /** The status it was answered with (null: no answer). */
  status: number | null;
}

export class Receiver {
  readonly received: Received[] = [];
  private server: Server<undefined> | null = null;
  /** Requests of a receiver that never answers, released when it stops. */
  private readonly held: (() => void)[] = [];

  /** `answer`: status and body, or `hang` for no answer at all; a test may change it. */
  constructor(public answer: { status: number; body: string } | 'hang') {}

  get url(): string {
    return `http://127.0.0.1:${this.server!.port}/hook`;
  }

  get port(): number {
    return this.server!.port!;
  }

  start(port = 0): void {
    this.server = Bun.serve({
      hostname: '127.0.0.1',
      port,
      idleTimeout: 0,
      fetch: async (req) => {
        const url = new URL(req.url);
        const body = await req.text();
        const answer = this.answer;
        this.received.push({ method: req.method, path: url.pathname, headers: Object.fromEntries(req.headers), body, status: answer === 'hang' ? null : answer.status });
        if (answer === 'hang') return new Promise<Response>((resolve) => this.held.push(() => resolve(new Response('late'))));
        return new Response(answer.body, { status: answer.status });
      },
    });
  }

  async stop(): Promise<void> {
    for (const release of this.held.splice(0)) release();
    await this.server?.stop(true);
    this.server = null;
  }
}

/** A TCP listener that drops each connection once it has received something. */
export class Closer {
  private listener: TCPSocketListener | null = null;
  connections = 0;

  get url(): string {
    return `http://127.0.0.1:${this.listener!.port}/hook`;
  }

  start(): void {
    this.listener = Bun.listen({
      hostname: '127.0.0.1',
      port: 0,
      socket: {
        data: (socket) => {
          this.connections++;
          socket.end();
        },
      },
    });
  }

  stop(): void {
    this.listener?.stop(true);
    this.listener = null;
  }
}
