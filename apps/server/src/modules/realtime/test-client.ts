import WebSocket from 'ws';
import { parseWsServerFrame, type WsServerFrame } from '@voltpark/contract';

/** A browser-like /ws client for tests: frames are queued and taken in order. */
export class TestSocket {
  private readonly frames: WsServerFrame[] = [];
  private waiter: (() => void) | null = null;
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const frame = parseWsServerFrame(data.toString());
      if (!frame)
        throw new Error(`the server sent a frame outside the contract: ${data.toString()}`);
      this.frames.push(frame);
      this.waiter?.();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.waiter?.();
      }),
    );
  }

  static open(url: string, headers: Record<string, string> = {}): Promise<TestSocket> {
    const ws = new WebSocket(url, { headers });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new TestSocket(ws)));
      ws.once('error', reject);
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade answered ${res.statusCode}`)),
      );
    });
  }

  send(frame: unknown): void {
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** The next frame the server sent (waits for it). */
  async next(): Promise<WsServerFrame> {
    while (this.frames.length === 0) {
      if (this.ws.readyState === WebSocket.CLOSED) throw new Error('socket closed');
      await new Promise<void>((resolve) => (this.waiter = resolve));
      this.waiter = null;
    }
    return this.frames.shift()!;
  }

  /** Sends, and answers the next frame. */
  async ask(frame: unknown): Promise<WsServerFrame> {
    this.send(frame);
    return this.next();
  }

  close(): void {
    this.ws.close();
  }
}
