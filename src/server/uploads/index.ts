/** What other parts of the server use of this feature; see README.md for the map. */
export * from './blob-store';
export * from './records';
export * from './routes';
export * from './store-from-env';
