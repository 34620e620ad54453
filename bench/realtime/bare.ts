/**
 * The baseline of bench/realtime: a plain `ws` server with the same sockets and the same
 * changes — no database, no validation, no hub. A socket's first frame (`auth`) names its user
 * (trusted as is) and is answered like ours (`/user/parkingSession`, null); `ping` gets `/pong`;
 * each change is `JSON.stringify` of the same frame, sent to that user's socket. It is the floor:
 * what Node, `ws` and the machine cost for the same frames.
 */
import { WebSocketServer, type WebSocket } from 'ws';
import { runChanges, type ChangePlan } from './lib/changes';
import { parkingChangeFrame } from './lib/frame';
import { serveParent } from './lib/ipc';

const port = Number(process.env.PORT);
const byUser = new Map<number, WebSocket>();
const wss = new WebSocketServer({ host: '127.0.0.1', port });
await new Promise<void>((resolve) => wss.once('listening', () => resolve()));

wss.on('connection', (ws) => {
  let userId = 0;
  ws.on('message', (data) => {
    let frame: { command?: unknown; requestId?: unknown; email?: unknown };
    try {
      frame = JSON.parse(data.toString()) as typeof frame;
    } catch {
      return;
    }
    const requestId = typeof frame.requestId === 'string' ? frame.requestId : undefined;
    if (frame.command === 'auth') {
      userId = Number(frame.email);
      byUser.set(userId, ws);
      ws.send(JSON.stringify({ topic: '/user/parkingSession', requestId, data: null }));
    } else if (frame.command === 'ping') {
      ws.send(JSON.stringify({ topic: '/pong', requestId, data: null }));
    }
  });
  ws.on('close', () => {
    if (byUser.get(userId) === ws) byUser.delete(userId);
  });
});

process.on('SIGTERM', () => {
  for (const ws of wss.clients) ws.terminate();
  wss.close(() => process.exit(0));
});

serveParent({
  connectedUsers: () => byUser.size,
  changes: (req) =>
    runChanges(req.plan as ChangePlan, Number(req.startAt), (userId, seq) =>
      byUser.get(userId)?.send(JSON.stringify(parkingChangeFrame(userId, seq))),
    ),
});
