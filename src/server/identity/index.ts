/** What other parts of the server use of this feature; see README.md for the map. */
export * from './admin-viewer';
export * from './authorizer-routes';
export * from './guards';
export * from './passwords';
export * from './people-routes';
export * from './routes';
export * from './sessions';
export * from './sign-up';
export * from './users-routes';
