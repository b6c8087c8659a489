import { and, eq } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarPath, receiptPdfPath } from '~/contract/learner';
import type { ApiClient } from '~/lib/api';
import { downloadReceiptPdf, getLearnerHome, getReceipt } from '~/lib/api/learner';
import { createInvoice, paymentDetail } from '~/lib/api/payments';
import { formatRupiah } from '~/lib/format/money';
import { classes, tenants } from '~/server/db/schema';
import { appClientOf, otherTenantOf, signInAs, tenantOf } from './support/api-client';
import { signUpForm, signUpLearner } from './support/identity';
import { servePayments } from './support/payments';
import { dbKinds, platformFor } from './support/platform';

/*
 * The learner's home (/Akun: GET v1/user/home), a class's calendar file and a paid class's receipt, as
 * a learner who paid on the embedded gateway, another learner and another tenant's learner meet them.
 */

/** Open for registration, Rp350.000 + PPN 11%, online, "Selasa & Kamis, 19.00–21.00 WIB". */
const JS = 'javascript-dasar-untuk-pemula';
const JS_CODE = 'JS-DASAR-11';
const JS_TOTAL = 388_500;
const BUYER = signUpForm('x').name;

/** The VEVENTs of an iCalendar text, each as its properties (name with parameters → value). */
function vevents(ics: string): Record<string, string>[] {
  const unfolded = ics.replace(/\r?\n[ \t]/g, '');
  return [...unfolded.matchAll(/BEGIN:VEVENT\r?\n([\s\S]*?)END:VEVENT/g)].map((match) =>
    Object.fromEntries(
      (match[1] ?? '')
        .split(/\r?\n/)
        .filter(Boolean)
        .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 1)]),
    ),
  );
}

describe.each(await dbKinds())('the learner home on %s', (kind) => {
  const platform = platformFor(kind, { GATEWAY_SIM_POLL_MS: '50' });
  let served: Awaited<ReturnType<typeof servePayments>>;
  let lmsId: string;
  /** The learner who paid for JS-DASAR-11, and their order. */
  let payer: ApiClient;
  let order: string;

  const learner = async (email: string, appCode?: string): Promise<ApiClient> => {
    const client = await appClientOf(platform, ['read', 'write'], appCode);
    const tenant = appCode ? await tenantOf(platform, appCode) : await tenantOf(platform);
    client.setCredentials({ accessToken: await signUpLearner(platform, tenant.lmsId, email) });
    return client;
  };

  beforeAll(async () => {
    served = await servePayments(platform);
    lmsId = (await tenantOf(platform)).lmsId;
    payer = await learner('rumah-belajar@contoh.id');
    const invoice = await createInvoice(payer, JS);
    const pay = await fetch(invoice.paymentUrl as string, {
      method: 'POST',
      body: new URLSearchParams({ action: 'pay' }),
      redirect: 'manual',
    });
    expect(pay.status).toBe(303);
    expect(await paymentDetail(payer, { merchantOrderId: invoice.merchantOrderId })).toMatchObject({ status: 'paid', enrolled: true });
    order = invoice.merchantOrderId;
  }, 120_000);
  afterAll(async () => {
    await served?.close();
  });

  it('lists the paid class with its next session, the course it grants and the invoice', async () => {
    // Fixed dates far ahead, so the next session is the class's first: Monday 1 December 2098 in
    // Jakarta, so the first meeting is Tuesday the 2nd, 19.00–21.00 WIB (12.00–14.00 UTC).
    const where = and(eq(classes.lmsId, lmsId), eq(classes.code, JS_CODE));
    const [before] = await platform.deps.db
      .select({ schedule: classes.schedule, startsAt: classes.startsAt, endsAt: classes.endsAt })
      .from(classes)
      .where(where);
    await platform.deps.db
      .update(classes)
      .set({
        schedule: 'Selasa & Kamis, 19.00–21.00 WIB',
        startsAt: new Date('2098-12-01T00:00:00+07:00'),
        endsAt: new Date('2098-12-31T23:00:00+07:00'),
      })
      .where(where);
    let home: Awaited<ReturnType<typeof getLearnerHome>>;
    try {
      home = await getLearnerHome(payer);
    } finally {
      if (before) await platform.deps.db.update(classes).set(before).where(where);
    }
    expect(home.classes).toEqual([
      expect.objectContaining({
        code: JS_CODE,
        state: 'registration',
        isOnline: true,
        isPublished: true,
        enrolment: 'active',
        nextSession: { startsAt: '2098-12-02T19:00:00+07:00', endsAt: '2098-12-02T21:00:00+07:00' },
      }),
    ]);
    expect(Date.parse(home.classes[0]?.nextSession?.startsAt ?? '')).toBe(Date.parse('2098-12-02T12:00:00Z'));
    expect(home.courses).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ slug: 'javascript-modern', isPremium: true, chaptersRead: 0, grantedBy: expect.any(String) }),
      ]),
    );
    const course = home.courses.find((item) => item.slug === 'javascript-modern');
    expect(course?.totalChapters).toBeGreaterThan(0);
    expect(course?.next).toMatchObject({ moduleSlug: expect.any(String), chapterSlug: expect.any(String) });
    expect(home.invoices).toEqual([
      expect.objectContaining({
        merchantOrderId: order,
        classCode: JS_CODE,
        status: 'paid',
        total: JS_TOTAL,
        tax: { vatBps: 1100, included: false },
      }),
    ]);
    expect(home.teaching).toBeUndefined();
  });

  it('lists a seat in an unpublished class by name, without what its page or calendar would give', async () => {
    const where = and(eq(classes.lmsId, lmsId), eq(classes.code, JS_CODE));
    await platform.deps.db.update(classes).set({ isPublished: false }).where(where);
    try {
      const home = await getLearnerHome(payer);
      expect(home.classes).toEqual([expect.objectContaining({ code: JS_CODE, name: expect.any(String), isPublished: false })]);
      expect((await (await appClientOf(platform)).send('main', calendarPath(JS_CODE))).status).toBe(404);
    } finally {
      await platform.deps.db.update(classes).set({ isPublished: true }).where(where);
    }
  });

  it('shows a new learner nothing but honest emptiness', async () => {
    const home = await getLearnerHome(await learner('rumah-kosong@contoh.id'));
    expect(home).toMatchObject({ classes: [], courses: [], invoices: [] });
  });

  it('shows another tenant’s learner none of it, and refuses their session on this tenant', async () => {
    const other = await otherTenantOf(platform);
    const stranger = await learner('rumah-lain@contoh.id', other.appCode);
    const home = await getLearnerHome(stranger);
    expect(home.invoices).toEqual([]);
    expect(home.classes.map((item) => item.code)).not.toContain(JS_CODE);
    // Their sign-in on the demo tenant's app token: refused, not answered with the demo tenant's data.
    const crossed = await appClientOf(platform);
    crossed.setCredentials({ accessToken: stranger.credentials().accessToken });
    await expect(getLearnerHome(crossed)).rejects.toMatchObject({ statusCode: 403 });
    expect((await stranger.send('main', receiptPdfPath(order))).status).toBe(404);
  });

  it('gives a mentor their classes with learner counts and their balance', async () => {
    const mentor = await appClientOf(platform);
    await signInAs(mentor, 'mentor');
    const home = await getLearnerHome(mentor);
    const taught = home.teaching?.classes.find((item) => item.code === JS_CODE);
    expect(taught?.learners).toBeGreaterThanOrEqual(1);
    expect(home.teaching?.balance).toMatchObject({ available: expect.any(Number) });
  });

  describe('the calendar file', () => {
    const insertClass = async (code: string, schedule: string, startsAt: string, endsAt: string) => {
      await platform.deps.db
        .insert(classes)
        .values({
          lmsId,
          code,
          slug: code.toLowerCase(),
          name: `Kelas ${code}`,
          type: 'workshop',
          level: 'pemula',
          schedule,
          place: 'Aula Kampus',
          startsAt: new Date(startsAt),
          endsAt: new Date(endsAt),
        })
        .onConflictDoNothing();
    };
    const calendar = async (code: string) => {
      const response = await (await appClientOf(platform)).send('main', calendarPath(code));
      return { status: response.status, type: response.headers.get('Content-Type'), text: await response.text() };
    };

    it('has one event per WITA session at the right UTC instant, with a stable UID', async () => {
      // Tuesday 1 to Thursday 10 December 2026: four sessions at 08.00 WITA (00.00 UTC).
      await insertClass('ICS-WITA', 'Selasa & Kamis, 08.00–10.00 WITA', '2026-11-30T16:00:00Z', '2026-12-10T10:00:00Z');
      const answer = await calendar('ICS-WITA');
      expect(answer).toMatchObject({ status: 200, type: expect.stringContaining('text/calendar') });
      const events = vevents(answer.text);
      expect(events.map((event) => event.DTSTART)).toEqual([
        '20261201T000000Z',
        '20261203T000000Z',
        '20261208T000000Z',
        '20261210T000000Z',
      ]);
      expect(events[0]).toMatchObject({ DTEND: '20261201T020000Z', SUMMARY: 'Kelas ICS-WITA', LOCATION: 'Aula Kampus' });
      expect(new Set(events.map((event) => event.UID)).size).toBe(4);
      expect(vevents((await calendar('ICS-WITA')).text).map((event) => event.UID)).toEqual(events.map((event) => event.UID));
    });

    it('puts a WIB evening at 12.00 UTC', async () => {
      await insertClass('ICS-WIB', 'Rabu, 19.00–21.00 WIB', '2026-12-01T00:00:00Z', '2026-12-09T00:00:00Z');
      expect(vevents((await calendar('ICS-WIB')).text).map((event) => event.DTSTART)).toEqual(['20261202T120000Z', '20261209T120000Z']);
    });

    it('gives a schedule it cannot read one all-day event over the class’s days, with the schedule as written', async () => {
      await insertClass('ICS-BULAN', 'Sabtu terakhir setiap bulan, 15.00–18.00 WIB', '2026-12-01T03:00:00Z', '2027-02-27T03:00:00Z');
      const events = vevents((await calendar('ICS-BULAN')).text);
      expect(events).toHaveLength(1);
      expect(events[0]?.['DTSTART;VALUE=DATE']).toBe('20261201');
      expect(events[0]?.['DTEND;VALUE=DATE']).toBe('20270228');
      expect(events[0]?.DESCRIPTION).toContain('Sabtu terakhir setiap bulan');
    });

    it('answers 404 for a class of no catalogue of the tenant', async () => {
      expect((await calendar('TIDAK-ADA')).status).toBe(404);
    });
  });

  describe('the receipt', () => {
    it('is the paid invoice of its owner, as data and as a PDF with the buyer, the total and the reference', async () => {
      const receipt = await getReceipt(payer, order);
      expect(receipt).toMatchObject({
        merchantOrderId: order,
        buyer: { name: BUYER, email: 'rumah-belajar@contoh.id' },
        total: JS_TOTAL,
        tax: { vatBps: 1100, included: false },
      });
      const { blob, filename } = await downloadReceiptPdf(payer, order);
      expect(filename).toBe(`kuitansi-${order}.pdf`);
      const { text } = await extractText(new Uint8Array(await blob.arrayBuffer()), { mergePages: true });
      expect(text).toContain(BUYER);
      expect(text).toContain(formatRupiah(JS_TOTAL));
      expect(text).toContain(order);
      expect(text).toContain('Lunas');
      expect(text).toContain('PPN 11%');
    });

    it('keeps naming PPN by the rule the invoice was made under after the tenant changes its rule', async () => {
      const [before] = await platform.deps.db.select({ vatBps: tenants.vatBps }).from(tenants).where(eq(tenants.lmsId, lmsId));
      await platform.deps.db.update(tenants).set({ vatBps: 1200 }).where(eq(tenants.lmsId, lmsId));
      try {
        const receipt = await getReceipt(payer, order);
        expect(receipt).toMatchObject({ amount: 350_000, vat: 38_500, total: JS_TOTAL, tax: { vatBps: 1100, included: false } });
        const { blob } = await downloadReceiptPdf(payer, order);
        const { text } = await extractText(new Uint8Array(await blob.arrayBuffer()), { mergePages: true });
        expect(text).toContain('PPN 11%');
        expect(text).not.toContain('PPN 12%');
        const home = await getLearnerHome(payer);
        expect(home.invoices.find((invoice) => invoice.merchantOrderId === order)?.tax).toEqual({ vatBps: 1100, included: false });
      } finally {
        await platform.deps.db
          .update(tenants)
          .set({ vatBps: before?.vatBps ?? 1100 })
          .where(eq(tenants.lmsId, lmsId));
      }
    });

    it('is 404 for another user, and for an invoice not paid', async () => {
      const other = await learner('rumah-tetangga@contoh.id');
      expect((await other.send('main', receiptPdfPath(order))).status).toBe(404);
      await expect(getReceipt(other, order)).rejects.toMatchObject({ statusCode: 404 });
      const pending = await createInvoice(other, JS);
      expect((await other.send('main', receiptPdfPath(pending.merchantOrderId))).status).toBe(404);
      const home = await getLearnerHome(other);
      expect(home.invoices).toEqual([expect.objectContaining({ merchantOrderId: pending.merchantOrderId, status: 'pending' })]);
    });
  });
});
