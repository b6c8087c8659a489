/** What other parts of the server use of this feature; see README.md for the map. */
export * from './accounts';
export { balanceOf } from './payouts';
export * from './routes';
export * from './service';
