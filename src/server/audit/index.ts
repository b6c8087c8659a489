/** What other parts of the server use of this feature; see README.md for the map. */
export * from './routes';
