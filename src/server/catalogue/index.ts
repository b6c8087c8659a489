/** What other parts of the server use of this feature; see README.md for the map. */
export * from './chapters-read';
export * from './class-rows';
export * from './classes';
export * from './classes-routes';
export * from './core-routes';
export * from './courses';
export * from './courses-routes';
export * from './events';
export * from './mentors';
export * from './programs';
export * from './programs-routes';
