/** What other parts of the server use of this feature; see README.md for the map. */
export * from './accounts';
export * from './routes';
export * from './service';
