/**
 * The largest websocket message the server accepts, for every websocket it serves (OCPP at
 * /ocpp/{id}, the browser's /ws): 1 MiB. The biggest legitimate frames (an OCPP StopTransaction
 * with a long session's meter values, a DataTransfer) are far smaller; a larger one is closed
 * with 1009 (message too big) before it is buffered, parsed or stored.
 */
export const MAX_WS_FRAME_BYTES = 1024 * 1024;
