/**
 * Messages between the site server and a render worker (render-worker.ts). The server asks for a
 * page; while rendering, the worker calls the platform API through the server (the one database
 * lives in the server's thread), and answers with the page.
 */
export interface RenderRequest {
  type: 'render';
  id: number;
  url: string;
}
export interface RenderAnswer {
  type: 'rendered';
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}
export interface RenderFailure {
  type: 'failed';
  id: number;
  message: string;
}
export interface ApiCall {
  type: 'api';
  id: number;
  method: string;
  url: string;
  headers: [string, string][];
  body?: ArrayBuffer | undefined;
}
export interface ApiAnswer {
  type: 'api-answer';
  id: number;
  status: number;
  headers: [string, string][];
  body: ArrayBuffer;
}
export interface WorkerReady {
  type: 'ready';
}

export type ToWorker = RenderRequest | ApiAnswer;
export type FromWorker = RenderAnswer | RenderFailure | ApiCall | WorkerReady;
