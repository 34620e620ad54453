export {
  LiveSocket,
  liveSocketUrl,
  storedLiveCredential,
  dropStoredBearer,
  type LiveCredential,
  type LiveSocketOptions,
  type SocketLike,
} from './liveSocket';
export { startPoll, startRetry } from './poll';
export { onLiveFrame, onLiveReopen, publishLiveFrame, publishLiveReopen } from './liveFrames';
