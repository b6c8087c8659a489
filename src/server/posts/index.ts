/** What other parts of the server use of this feature; see README.md for the map. */
export * from './categories';
export * from './manage';
export * from './posts';
export * from './routes';
