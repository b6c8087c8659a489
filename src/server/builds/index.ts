/** What other parts of the server use of this feature; see README.md for the map. */
export * from './publisher';
export * from './queue';
export * from './routes';
export * from './site-build';
export * from './site-context';
export * from './types';
export * from './webhooks';
export * from './worker';
