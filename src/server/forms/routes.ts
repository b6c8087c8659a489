import { type Context, Hono, type MiddlewareHandler } from 'hono';
import {
  AppointmentCreateSchema,
  CoderSignupSchema,
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  REQUEST_DEMO_SENT,
  RequestDemoQuerySchema,
  SchoolListQuerySchema,
  SchoolRegisterSchema,
  SubmissionListQuerySchema,
  TeamRegisterSchema,
} from '~/contract/forms';
import { IDEMPOTENT_REPLAYED_HEADER } from '~/contract/idempotency';
import type { ApiDeps, ApiEnv } from '../context';
import type { Tx } from '../db/client';
import { clientAddress } from '../http/credentials';
import { enforceLimit } from '../http/rate-limit';
import { created, ok, page } from '../http/respond';
import { siteOrigin } from '../http/site-origin';
import { readJson, readQuery } from '../http/validate';
import { loginResult, requireAppToken, requireRole, requireUser } from '../identity';
import { fail } from '../platform/errors';
import { once } from '../platform/idempotency';
import type { RateLimitRule } from '../platform/rate-limit';
import {
  createAppointment,
  type FormTenant,
  listSchools,
  listSubmissions,
  registerSchool,
  registerTeam,
  requestDemo,
  signUpCoder,
} from './forms';

/** Per form: how often one address may send it, and how often the whole tenant may receive it. */
const LIMITS = {
  'request-demo': { address: 5, tenant: 500 },
  appointment: { address: 5, tenant: 500 },
  // A class of 36 behind one school address signs up together (as auth's SIGN_UP_CALLS allows).
  coder: { address: 40, tenant: 1000 },
  school: { address: 5, tenant: 300 },
  // A school lab registering its teams from one address.
  team: { address: 30, tenant: 500 },
} as const;
const WINDOW_MS = 3_600_000;
/**
 * Mail to one visitor address (its confirmations, all forms together) per hour: confirmations go to
 * an address nobody has verified, so no one can make the site mail a stranger more than this.
 */
const CONFIRMATIONS_PER_RECIPIENT: RateLimitRule = { name: 'form-recipient', limit: 5, windowMs: WINDOW_MS };

/**
 * The visitors' forms (SPEC §7 "Users, teams, schools", "Settings" request-demo, appointment): each
 * validated with the island's own schema, rate-limited per address and per tenant, stored with its
 * mail in one transaction, and idempotent under an `Idempotency-Key` (a double submit stores one row
 * and answers the first answer again, marked `Idempotent-Replayed: true`).
 */
export function formsRoutes(deps: ApiDeps) {
  const app = new Hono<ApiEnv>();
  const token = requireAppToken(deps);
  const tenantOf = (c: Context<ApiEnv>): FormTenant => ({ lmsId: c.get('tenant').lmsId, title: c.get('tenant').title });

  const limited =
    (form: keyof typeof LIMITS): MiddlewareHandler<ApiEnv> =>
    async (c, next) => {
      const rule = (scope: string, limit: number): RateLimitRule => ({ name: `form-${form}-${scope}`, limit, windowMs: WINDOW_MS });
      await enforceLimit(deps, rule('address', LIMITS[form].address), clientAddress(c, deps.trustProxyHops));
      await enforceLimit(deps, rule('tenant', LIMITS[form].tenant), c.get('tenant').lmsId);
      await next();
    };

  /** Counts one confirmation to each visitor address (429 past the cap). */
  const mailsTo = async (...emails: string[]) => {
    for (const email of new Set(emails)) await enforceLimit(deps, CONFIRMATIONS_PER_RECIPIENT, email);
  };
  const keyOf = (c: Context<ApiEnv>) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (key !== undefined && !IDEMPOTENCY_KEY_PATTERN.test(key)) throw fail('idempotencyKeyInvalid');
    return key;
  };

  /**
   * Runs a submission once per idempotency key and answers 201 `message` with what `work` stored: the
   * first answer, or the stored one again (`Idempotent-Replayed`). The answer is stored as the
   * envelope it was sent in, the shape keys stored by earlier releases have and they replay.
   */
  const submit = async <T>(c: Context<ApiEnv>, scope: string, body: unknown, message: string, work: (tx: Tx) => Promise<T>) => {
    const answer = await once(deps.db, { lmsId: c.get('tenant').lmsId, scope, key: keyOf(c), body }, async (tx) => ({
      status: 201 as const,
      body: { statusCode: 201, message, data: await work(tx) },
    }));
    if (answer.replayed) c.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
    return created(c, answer.body.data, answer.body.message);
  };

  app.get('/v0/cms/app/request-demo', token, limited('request-demo'), async (c) => {
    const query = readQuery(c, RequestDemoQuerySchema);
    await mailsTo(query.email);
    const data = await deps.db.transaction((tx) => requestDemo(tx, tenantOf(c), query));
    deps.mail?.kick();
    return ok(c, data, REQUEST_DEMO_SENT);
  });

  app.post('/v1/post/appointment/create', token, limited('appointment'), async (c) => {
    const body = await readJson(c, AppointmentCreateSchema);
    await mailsTo(body.email);
    const response = await submit(c, 'appointment', body, 'Permintaan janji temu terkirim', (tx) =>
      createAppointment(tx, tenantOf(c), body),
    );
    deps.mail?.kick();
    return response;
  });

  app.post('/v1/school/register', token, limited('school'), async (c) => {
    const body = await readJson(c, SchoolRegisterSchema);
    await mailsTo(body.contactEmail);
    const response = await submit(c, 'school', body, 'Sekolah berhasil didaftarkan', (tx) => registerSchool(tx, tenantOf(c), body));
    deps.mail?.kick();
    return response;
  });

  app.get('/v1/school/list', token, async (c) =>
    page(c, await listSchools(deps.db, c.get('tenant').lmsId, readQuery(c, SchoolListQuerySchema))),
  );

  const team = (signedIn: boolean) => async (c: Context<ApiEnv>) => {
    const body = await readJson(c, TeamRegisterSchema);
    await mailsTo(body.members[0]?.email ?? body.mentorEmail, body.mentorEmail);
    const userId = signedIn ? c.get('user').id : null;
    const response = await submit(c, signedIn ? 'team-auth' : 'team', body, 'Tim berhasil didaftarkan', (tx) =>
      registerTeam(tx, tenantOf(c), body, userId),
    );
    deps.mail?.kick();
    return response;
  };
  app.post('/v1/team/register', token, limited('team'), team(false));
  app.post('/v1/auth/team/register', token, requireUser(deps), limited('team'), team(true));

  // Idempotent too, but the stored answer is the account's id only: each answer opens its own session.
  app.post('/v1/auth/signup/coder', token, limited('coder'), async (c) => {
    const body = await readJson(c, CoderSignupSchema);
    await mailsTo(body.email);
    const session = await signUpCoder(deps.db, tenantOf(c), body, keyOf(c), siteOrigin(c, c.get('tenant')));
    deps.mail?.kick();
    return created(c, loginResult(session), 'Akun coder berhasil dibuat');
  });

  // The staff's view of what came in (admins and superadmins of the tenant).
  app.get('/v1/submissions', token, requireUser(deps), requireRole('admin', 'superadmin'), async (c) =>
    ok(c, await listSubmissions(deps.db, c.get('tenant').lmsId, readQuery(c, SubmissionListQuerySchema))),
  );

  return app;
}
