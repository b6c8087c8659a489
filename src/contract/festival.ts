import { z } from 'zod';

/**
 * A tenant's learning festival (SPEC §1, /BelajarBersama; SPEC §3 "Speaker" and "Sponsor tier"), as
 * pages read it. Times are ISO instants; `zone` is the IANA zone they are shown in.
 */
export const FestivalProgrammeItemSchema = z.object({ time: z.string(), title: z.string(), text: z.string() });
export type FestivalProgrammeItem = z.infer<typeof FestivalProgrammeItemSchema>;

export const FestivalSpeakerSchema = z.object({
  name: z.string(),
  bio: z.string(),
  linkedin: z.string().optional(),
  confirmed: z.boolean(),
});
export type FestivalSpeaker = z.infer<typeof FestivalSpeakerSchema>;

/** SPEC §3 "Sponsor tier": name, slot, price (whole rupiah; null when it is the full event cost), benefits. */
export const SponsorTierSchema = z.object({
  name: z.string(),
  slot: z.string(),
  price: z.number().nullable(),
  benefits: z.array(z.string()),
});
export type SponsorTier = z.infer<typeof SponsorTierSchema>;

export const FestivalSchema = z.object({
  id: z.number(),
  slug: z.string(),
  name: z.string(),
  description: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  zone: z.string(),
  place: z.string(),
  programme: z.array(FestivalProgrammeItemSchema),
  speakers: z.array(FestivalSpeakerSchema),
  sponsorTiers: z.array(SponsorTierSchema),
});
export type Festival = z.infer<typeof FestivalSchema>;
