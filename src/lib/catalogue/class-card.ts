import { CLASS_BADGES, CLASS_LEVEL_LABELS, CLASS_TYPE_LABELS, type ClassSummary } from '~/contract/classes';
import { phaseAt } from '~/lib/content/phases';
import { formatDate } from '~/lib/format/dates';
import { BADGE_STATE, classPhases } from './class-phases';
import { classCardPrice } from './class-price';

/**
 * What a class card says (components/catalogue/ClassCard.astro and the class browser's React card
 * write the same): its lifecycle badge, kind and level, and where, when and for how much.
 */

type Dated = Parameters<typeof classPhases>[0] & Pick<ClassSummary, 'state'>;

/**
 * SPEC §4's badge: its label and the `.phase-badge` state that colours it (open green, running blue,
 * ended red, the rest orange). As the server said when it answered, or, given `now`, as the class's
 * dates say at that moment (a page built days ago shows today's badge once the browser runs).
 */
export function classBadge(item: Dated, now?: Date): { state: string; label: string } {
  const current = now ? phaseAt(classPhases(item), now) : undefined;
  return current ?? { state: BADGE_STATE[item.state], label: CLASS_BADGES[item.state].label };
}

/** `['Bootcamp', 'Pemula']`. */
export function classKind(item: Pick<ClassSummary, 'type' | 'level'>): string[] {
  return [CLASS_TYPE_LABELS[item.type], CLASS_LEVEL_LABELS[item.level]];
}

/** The card's facts as label and value: where (online or the city), when it starts, and what the learner pays (class-price.ts). */
export function classFacts(
  item: Pick<ClassSummary, 'alwaysOpen' | 'startsAt' | 'isOnline' | 'place' | 'heldCity' | 'price' | 'tax'>,
): { label: string; value: string }[] {
  return [
    { label: 'Tempat', value: item.isOnline ? 'Daring' : (item.heldCity?.name ?? item.place) },
    { label: 'Jadwal', value: item.alwaysOpen || !item.startsAt ? 'Mulai kapan saja' : `Mulai ${formatDate(item.startsAt)}` },
    { label: 'Biaya', value: classCardPrice(item.price, item.tax) },
  ];
}
