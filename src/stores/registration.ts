import { atom } from 'nanostores';
import type { School } from '~/contract/forms';

/**
 * The school registered on this page (the school form under the league's team form): the team
 * form picks it at once, so a captain whose school was missing from the list does not start over.
 */
export const $registeredSchool = atom<School | undefined>(undefined);
