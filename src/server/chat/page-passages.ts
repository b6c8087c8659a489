import { formatRupiah } from '~/lib/format/money';
import type { Block } from '~/lib/tenant/content-schema';
import { type CopyContext, fillCopy } from '~/lib/tenant/copy-tokens';
import type { TenantCopy } from '../tenants';
import { joined, list, type Passages } from './passages';
import { markdownSections, type Section } from './text';

/*
 * The content pages' passages (About, Pricing, Jakarta, …): the opening, each Markdown section, the
 * blocks in words, and each FAQ question with its answer as a passage of its own.
 */

/** A content page block's words; a FAQ block gives one passage per question. */
function blockSections(block: Block): { faq: Section[]; sections: Section[] } {
  switch (block.type) {
    case 'faq':
      return { faq: block.items.map((item) => ({ heading: item.question, text: item.answer })), sections: [] };
    case 'features':
      return {
        faq: [],
        sections: [{ heading: block.heading, text: joined(block.lead ?? '', ...block.items.map((item) => `${item.title}: ${item.text}`)) }],
      };
    case 'steps':
      return {
        faq: [],
        sections: [
          {
            heading: block.heading,
            text: joined(block.lead ?? '', ...block.items.map((item, index) => `${index + 1}. ${item.title}: ${item.text}`)),
          },
        ],
      };
    case 'pricing':
      return {
        faq: [],
        sections: block.plans.map((plan) => ({
          heading: `${block.heading}: ${plan.name}`,
          text: joined(
            plan.summary ?? '',
            plan.class
              ? `Biaya mengikuti kelas ${plan.class}: lihat halaman kelasnya.`
              : `Biaya: ${typeof plan.price === 'number' ? (plan.price > 0 ? formatRupiah(plan.price) : 'Gratis') : (plan.price ?? '')}${plan.period ? ` ${plan.period}` : ''}.`,
            list('Termasuk', plan.features),
          ),
        })),
      };
    case 'stats':
      return {
        faq: [],
        sections: [{ heading: block.heading ?? '', text: block.items.map((item) => `${item.value} ${item.label}.`).join(' ') }],
      };
    case 'cta':
      return { faq: [], sections: [{ heading: block.heading, text: block.text }] };
    case 'contact':
      return {
        faq: [],
        sections: [{ heading: block.heading, text: block.items.map((item) => `${item.label}: ${item.value}.`).join(' ') }],
      };
    default:
      return { faq: [], sections: [] };
  }
}

export function pagePassages(copy: TenantCopy, context: CopyContext, into: Passages) {
  for (const [route, page] of Object.entries(copy.pages)) {
    const fill = (text: string) => fillCopy(text, context);
    const { data } = page;
    const url = `/${route}`;
    const title = fill(data.title);
    const opening: Section = { heading: '', text: fill(joined(data.description, data.hero.heading ?? '', data.hero.lead ?? '')) };
    const body = markdownSections(fill(page.body));
    const blocks = data.blocks.map(blockSections);
    const fillSection = (section: Section) => ({ heading: fill(section.heading), text: fill(section.text) });
    into.add({ kind: 'page', url, title }, [opening, ...body, ...blocks.flatMap((block) => block.sections).map(fillSection)]);
    into.add({ kind: 'faq', url, title }, blocks.flatMap((block) => block.faq).map(fillSection));
  }
}
