/*
 * The home's code that waits for its one call anyway (GET v1/user/home): the call with its response
 * schema, and the sections' content. Its own chunk, loaded by use-learner-home.ts (and fetched
 * beside the profile call by AccountPanel.tsx), so the island's first chunk stays small (islands
 * README "Size budget").
 */
export { getLearnerHome } from '~/lib/api/learner';
export { HomeClasses } from './HomeClasses';
export { HomeCourses } from './HomeCourses';
export { HomeInvoices } from './HomeInvoices';
export { HomePayouts, HomeTeaching } from './HomeTeaching';
