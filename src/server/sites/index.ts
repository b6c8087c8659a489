/** What other parts of the server use of this feature; see README.md for the map. */
export * from './build-layout';
export * from './compressible';
export * from './db-source';
export * from './registry';
export * from './render-protocol';
export * from './renderers';
export * from './server';
export * from './site-api-config';
export * from './static-store';
