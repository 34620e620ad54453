/**
 * The baseline of bench/ocpp: a bare `ws` server that accepts the ocpp1.6 subprotocol and sends
 * every frame straight back — what the hardware, Node and `ws` can do with no OCPP work at all.
 */
import { WebSocketServer } from 'ws';

const port = Number(process.env.PORT);
const wss = new WebSocketServer({
  host: '127.0.0.1',
  port,
  perMessageDeflate: false,
  handleProtocols: (protocols) => (protocols.has('ocpp1.6') ? 'ocpp1.6' : false),
});
wss.on('connection', (ws) => {
  ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary }));
});
wss.on('listening', () => console.log(`echo listening on ${port}`));
process.on('SIGTERM', () => {
  for (const c of wss.clients) c.terminate();
  wss.close(() => process.exit(0));
});
