/** What other parts of the server use of this feature; see README.md for the map. */
export * from './certificates';
export * from './class-completion';
export * from './issue';
export * from './routes';
