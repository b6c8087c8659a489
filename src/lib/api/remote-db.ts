import {
  type Aspiration,
  type AspirationInsert,
  AspirationInsertSchema,
  AspirationSchema,
  type BookReview,
  type BookReviewInsert,
  BookReviewInsertSchema,
  BookReviewSchema,
  type Donation,
  DonationAmountSchema,
  type DonationCreated,
  DonationCreatedSchema,
  type DonationInsert,
  DonationInsertSchema,
  DonationSchema,
  type Testimony,
  type TestimonyInsert,
  TestimonyInsertSchema,
  TestimonySchema,
  type UserDisc,
  type UserDiscInsert,
  UserDiscInsertSchema,
  UserDiscSchema,
} from '~/contract/remote-db';
import { type CreateOptions, create, list, REMOTE_DB_SUCCESS, type RemoteDb, type RemoteResult } from './remote-db-requests';

/*
 * The hosted database REST from the browser (SPEC §3 "Remote-database records", §7, §8): one
 * function per call of SPEC §7, each answering the loader shape `{ status, message, data }`: a
 * create succeeds only on HTTP 201, a list only on 200; anything else is `status: false` with a
 * message a visitor can act on, in Indonesian. Never throws. Islands pass the page's client and
 * `PageConfig.restApiKey` as `RemoteDb`, and to a create `{ idempotencyKey }`, one per filled-in form.
 */

export {
  type CreateOptions,
  REMOTE_DB_MESSAGES,
  REMOTE_DB_SUCCESS,
  type RemoteDb,
  type RemoteFieldError,
  type RemoteResult,
} from './remote-db-requests';

/** Rows one page of a list asks for (the server answers at most 1000). */
export const REMOTE_PAGE_SIZE = 1000;
/** Most pages `listDonationAmounts` reads (100,000 pledges), so a misbehaving server cannot loop it forever. */
const MAX_PAGES = 100;

const REVIEW_COLUMNS = 'id,book,name,rating,comment,created_at';

/** GET book_reviews of one book, newest first (at most `limit`, default 50). */
export function listBookReviews(db: RemoteDb, book: string, { limit = 50 } = {}): Promise<RemoteResult<BookReview[]>> {
  return list(db, 'book_reviews', { select: REVIEW_COLUMNS, book: `eq.${book}`, order: 'created_at.desc', limit }, BookReviewSchema);
}

/** POST book_reviews. */
export function createBookReview(db: RemoteDb, review: BookReviewInsert, options?: CreateOptions): Promise<RemoteResult<BookReview>> {
  return create(db, 'book_reviews', BookReviewInsertSchema, review, BookReviewSchema, REMOTE_DB_SUCCESS.createBookReview, options);
}

/** GET aspirations, newest first (at most `limit`, default 50). */
export function listAspirations(db: RemoteDb, { limit = 50 } = {}): Promise<RemoteResult<Aspiration[]>> {
  return list(db, 'aspirations', { select: 'id,name,city,message,created_at', order: 'created_at.desc', limit }, AspirationSchema);
}

/** POST aspirations. */
export function createAspiration(db: RemoteDb, aspiration: AspirationInsert, options?: CreateOptions): Promise<RemoteResult<Aspiration>> {
  return create(db, 'aspirations', AspirationInsertSchema, aspiration, AspirationSchema, REMOTE_DB_SUCCESS.createAspiration, options);
}

/** POST user_disc: the answers; the stored row carries the type and scores the server computed. */
export function createUserDisc(db: RemoteDb, submission: UserDiscInsert, options?: CreateOptions): Promise<RemoteResult<UserDisc>> {
  return create(db, 'user_disc', UserDiscInsertSchema, submission, UserDiscSchema, REMOTE_DB_SUCCESS.createUserDisc, options);
}

/** POST testimonies. */
export function createTestimony(db: RemoteDb, testimony: TestimonyInsert, options?: CreateOptions): Promise<RemoteResult<Testimony>> {
  return create(db, 'testimonies', TestimonyInsertSchema, testimony, TestimonySchema, REMOTE_DB_SUCCESS.createTestimony, options);
}

/** POST donations: the donor's own row comes back (with their name even when listed as 'Anonim'). */
export function createDonation(db: RemoteDb, donation: DonationInsert, options?: CreateOptions): Promise<RemoteResult<DonationCreated>> {
  return create(db, 'donations', DonationInsertSchema, donation, DonationCreatedSchema, REMOTE_DB_SUCCESS.createDonation, options);
}

/** GET donations, newest first (at most `limit`, default 50): anonymous donors read 'Anonim'. */
export function listDonations(db: RemoteDb, { limit = 50 } = {}): Promise<RemoteResult<Donation[]>> {
  return list(db, 'donations', { select: 'id,name,amount,message,created_at', order: 'created_at.desc', limit }, DonationSchema);
}

/** GET donations?select=amount, every page of it: each pledge's amount in whole rupiah. */
export async function listDonationAmounts(db: RemoteDb): Promise<RemoteResult<number[]>> {
  const amounts: number[] = [];
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = { select: 'amount', order: 'id.asc', limit: REMOTE_PAGE_SIZE, offset: page * REMOTE_PAGE_SIZE };
    const result = await list(db, 'donations', query, DonationAmountSchema);
    if (!result.status) return result;
    amounts.push(...result.data.map((row) => row.amount));
    if (result.data.length < REMOTE_PAGE_SIZE) break;
  }
  return { status: true, message: REMOTE_DB_SUCCESS.list, data: amounts };
}

/** The total raised, in whole rupiah (the sum of `listDonationAmounts`). */
export async function donationTotal(db: RemoteDb): Promise<RemoteResult<number>> {
  const amounts = await listDonationAmounts(db);
  return amounts.status ? { ...amounts, data: amounts.data.reduce((sum, amount) => sum + amount, 0) } : amounts;
}
