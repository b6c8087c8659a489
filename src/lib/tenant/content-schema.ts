import { z } from 'zod';
import { POST_KINDS } from '~/contract/posts';
import { cleanUrl, isAllowedUrl, WebUrlSchema } from '~/contract/url';

/** Names of the inline SVG icons in `src/components/shared/Icon.astro`. */
export const ICON_NAMES = [
  'book',
  'users',
  'briefcase',
  'award',
  'code',
  'globe',
  'chart',
  'chat',
  'calendar',
  'map',
  'shield',
  'spark',
  'building',
  'heart',
  'rocket',
  'video',
  'school',
  'handshake',
  'mic',
  'palette',
] as const;
export const IconNameSchema = z.enum(ICON_NAMES);

/**
 * A link inside the site (a path, never `//host` or `/\host`) or to an outside site (https URL) or a
 * mail/phone link: the API's one URL check (`src/contract/url.ts`) plus mailto: and tel:, stored cleaned.
 */
export const HrefSchema = z
  .string()
  .transform(cleanUrl)
  .refine(
    (href) => !/\s/.test(href) && (isAllowedUrl(href, { schemes: ['https'] }) || /^(mailto|tel):\S+$/.test(href)),
    'tautan harus diawali / (bukan // atau /\\), https://, mailto: atau tel:',
  );

export const LinkSchema = z.object({ label: z.string().min(1), href: HrefSchema }).strict();

export const HeroSchema = z
  .object({
    eyebrow: z.string().optional(),
    heading: z.string().min(1),
    lead: z.string().min(1),
    cta: LinkSchema.optional(),
    secondaryCta: LinkSchema.optional(),
  })
  .strict();

/**
 * A price: whole rupiah as a number (shown as `Rp4.500.000` by lib/format), or words where there is
 * no figure ("Gratis", "Sesuai kebutuhan"); a figure written as text would escape the one format.
 */
export const PriceSchema = z.union(
  [
    z.number().int().min(0),
    z
      .string()
      .min(1)
      .regex(/^[^\d]*$/, 'harga ditulis sebagai angka rupiah, mis. 4500000'),
  ],
  { error: 'harga: angka rupiah (mis. 4500000) atau teks tanpa angka (mis. "Gratis")' },
);

/** A post of this tenant by kind and slug, e.g. `program/bootcamp-data-analyst`: linked to at its main address. */
export const PostRefSchema = z
  .string()
  .regex(
    new RegExp(`^(${POST_KINDS.join('|')})/[a-z0-9]+(?:-[a-z0-9]+)*$`),
    `rujukan post: <jenis>/<slug>, jenis salah satu dari ${POST_KINDS.join(', ')}`,
  );

const ItemsOf = <T extends z.ZodType>(item: T) => z.array(item).min(1);
const FeatureSchema = z.object({ title: z.string().min(1), text: z.string().min(1), icon: IconNameSchema }).strict();
const StatSchema = z.object({ value: z.string().min(1), label: z.string().min(1) }).strict();

/**
 * The figures a home page may show from the tenant's own data rather than typed: participants and
 * cities (SPEC §9's landing counters, 43700 and 31 only for a tenant with no data), alumni, schools,
 * provinces with schools, active mentors and programs, published classes and courses
 * (lib/content/home-stats.ts).
 */
export const HOME_COUNTERS = [
  'participants',
  'cities',
  'alumni',
  'schools',
  'provinces',
  'mentors',
  'programs',
  'classes',
  'courses',
] as const;
export type HomeCounter = (typeof HOME_COUNTERS)[number];

/** A home figure: a counter of the tenant's data (`"counter": "participants"`), or a typed value for what no data holds (a rate, a rating). */
const HomeStatSchema = z
  .object({
    value: z.string().min(1).optional(),
    counter: z.enum(HOME_COUNTERS, { error: `counter: salah satu dari ${HOME_COUNTERS.join(', ')}` }).optional(),
    label: z.string().min(1),
  })
  .strict()
  .refine((item) => (item.value === undefined) !== (item.counter === undefined), {
    message: 'isi salah satu: value (angka yang tidak ada di data) atau counter (angka dari data tenant)',
  });
const StepSchema = z.object({ title: z.string().min(1), text: z.string().min(1) }).strict();

/** One block of a content page, rendered by `src/components/content-blocks/`. */
export const BlockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('features'), heading: z.string(), lead: z.string().optional(), items: ItemsOf(FeatureSchema) }).strict(),
  z.object({ type: z.literal('stats'), heading: z.string().optional(), items: ItemsOf(StatSchema) }).strict(),
  z.object({ type: z.literal('steps'), heading: z.string(), lead: z.string().optional(), items: ItemsOf(StepSchema) }).strict(),
  z
    .object({
      type: z.literal('faq'),
      heading: z.string(),
      items: ItemsOf(z.object({ question: z.string().min(1), answer: z.string().min(1) }).strict()),
    })
    .strict(),
  z
    .object({
      type: z.literal('pricing'),
      heading: z.string(),
      lead: z.string().optional(),
      plans: ItemsOf(
        z
          .object({
            name: z.string().min(1),
            /**
             * A class of the catalogue (its code): the plan shows that class's price under the tenant's
             * tax rule, its duration from its dates, and links to it. Prices of classes are never typed here.
             */
            class: z
              .string()
              .regex(/^[A-Z0-9]+(?:-[A-Z0-9]+)*$/, 'kode kelas, mis. FWD-2026-B3')
              .optional(),
            /** A price that is not a class's (a package quoted on request, "Gratis"). */
            price: PriceSchema.optional(),
            period: z.string().optional(),
            summary: z.string().optional(),
            features: ItemsOf(z.string().min(1)),
            /** Where the plan's button goes; a class plan goes to its class page by default. */
            cta: LinkSchema.optional(),
            highlighted: z.boolean().default(false),
          })
          .strict()
          .refine((plan) => (plan.class === undefined) !== (plan.price === undefined), {
            message: 'paket menyebut kelas (class) atau harga (price), salah satu',
          })
          .refine((plan) => plan.class !== undefined || plan.cta !== undefined, {
            path: ['cta'],
            message: 'paket tanpa kelas wajib punya cta',
          }),
      ),
    })
    .strict(),
  z.object({ type: z.literal('cta'), heading: z.string(), text: z.string(), cta: LinkSchema }).strict(),
  z.object({ type: z.literal('quote'), text: z.string().min(1), author: z.string().min(1), role: z.string().optional() }).strict(),
  z
    .object({
      type: z.literal('contact'),
      heading: z.string(),
      items: ItemsOf(z.object({ label: z.string().min(1), value: z.string().min(1), href: HrefSchema.optional() }).strict()),
    })
    .strict(),
  z.object({ type: z.literal('logos'), heading: z.string(), items: ItemsOf(z.string().min(1)) }).strict(),
]);
export type Block = z.infer<typeof BlockSchema>;

/**
 * Front matter of `content/pages/<Route>.md`. The Markdown body is the page's prose and is rendered
 * after the hero; `blocks` follow it. `{{site}}` anywhere in the text is replaced by the site title.
 */
export const PageSchema = z
  .object({
    title: z.string().min(1),
    description: z.string().min(1).max(300),
    hero: HeroSchema,
    blocks: z.array(BlockSchema).default([]),
  })
  .strict();
export type PageContent = z.infer<typeof PageSchema>;

/** `content/home.json`: every block a variant's home composition may pick from. */
export const HomeSchema = z
  .object({
    hero: HeroSchema.extend({ cta: LinkSchema }),
    highlights: z.object({ heading: z.string(), lead: z.string().optional(), items: ItemsOf(FeatureSchema) }).strict(),
    stats: z.object({ heading: z.string().optional(), items: ItemsOf(HomeStatSchema) }).strict(),
    programs: z
      .object({
        heading: z.string(),
        lead: z.string().optional(),
        items: ItemsOf(
          z
            .object({
              title: z.string().min(1),
              text: z.string().min(1),
              /** Where the card leads: an address, or a post of the tenant (its detail page). */
              href: HrefSchema.optional(),
              post: PostRefSchema.optional(),
              tag: z.string().optional(),
            })
            .strict()
            .refine((item) => (item.href === undefined) !== (item.post === undefined), {
              message: 'isi salah satu: href (alamat) atau post (<jenis>/<slug>)',
            }),
        ),
      })
      .strict(),
    steps: z.object({ heading: z.string(), items: ItemsOf(StepSchema) }).strict(),
    testimonials: z
      .object({
        heading: z.string(),
        items: ItemsOf(z.object({ quote: z.string().min(1), name: z.string().min(1), role: z.string().min(1) }).strict()),
      })
      .strict(),
    partners: z.object({ heading: z.string(), items: ItemsOf(z.string().min(1)) }).strict(),
    cta: z.object({ heading: z.string(), text: z.string(), cta: LinkSchema }).strict(),
  })
  .strict();
export type HomeContent = z.infer<typeof HomeSchema>;

/** `content/site.json`: who the tenant is, for the header, footer and contact blocks. */
export const SiteInfoSchema = z
  .object({
    tagline: z.string().min(1),
    summary: z.string().min(1),
    /** How the brand addresses its readers; shared copy's `{{anda}}` tokens follow it. */
    voice: z.enum(['Anda', 'kamu'], { error: 'voice: "Anda" (formal) atau "kamu" (akrab)' }),
    contact: z
      .object({
        email: z.email(),
        phone: z.string().min(1),
        whatsapp: z.string().regex(/^62\d{8,13}$/, 'nomor WhatsApp dalam format 62…'),
        address: z.string().min(1),
      })
      .strict(),
    socials: z
      .array(
        z
          .object({
            network: z.enum(['instagram', 'youtube', 'linkedin', 'facebook', 'tiktok', 'x']),
            url: WebUrlSchema.refine((url) => /^https:/i.test(url), 'alamat media sosial harus diawali https://'),
          })
          .strict(),
      )
      .default([]),
  })
  .strict();
export type SiteInfo = z.infer<typeof SiteInfoSchema>;
