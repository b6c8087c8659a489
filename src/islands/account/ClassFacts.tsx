import type { ReactNode } from 'react';
import type { LearnerClass, TaughtClass } from '~/contract/learner';
import { classBadge } from '~/lib/catalogue/class-card';
import { classPath } from '~/lib/catalogue/paths';
import { formatTimeRange } from '~/lib/format/dates';

type HomeClass = LearnerClass | TaughtClass;

/** Whether a place is a link to open (an online class's meeting room). */
const isLink = (place: string) => /^https:\/\//.test(place);

/** `Daring · Zoom dan LMS`, a link to the meeting room, or the venue. */
function Place({ item }: { item: HomeClass }) {
  if (isLink(item.place))
    return (
      <a href={item.place} rel="noopener noreferrer" target="_blank">
        Buka ruang kelas daring<span className="visually-hidden"> (tab baru)</span>
      </a>
    );
  if (item.isOnline) return <>Daring{item.place ? ` · ${item.place}` : ''}</>;
  return <>{item.place || 'Tempat diumumkan di halaman kelas'}</>;
}

/** When the class meets next: the session's date, time and zone; else the schedule as written, never a guessed date. */
function NextSession({ item, now }: { item: HomeClass; now: number }) {
  if (item.nextSession) return <>{formatTimeRange(item.nextSession.startsAt, item.nextSession.endsAt)}</>;
  if (item.endsAt && Date.parse(item.endsAt) < now) return <>Kelas sudah selesai</>;
  return <>{item.schedule ? `Lihat jadwal: ${item.schedule}` : 'Jadwal diumumkan di halaman kelas'}</>;
}

/**
 * A class on the home: its name to /Class/{code} (plain text when the class is unpublished: it has no page), its lifecycle badge as the class cards show it
 * (lib/catalogue/class-card.ts `classBadge`, moved on to `now`), the next session, where, and the
 * extra facts (`extra`, rows of the list) and actions a list gives.
 */
export function ClassFacts({ item, now, extra, actions }: { item: HomeClass; now: number; extra?: ReactNode; actions?: ReactNode }) {
  const badge = classBadge(item, new Date(now));
  return (
    <article className="home-card" data-class={item.code}>
      <h3 className="home-card__title">{item.isPublished ? <a href={classPath(item)}>{item.name}</a> : item.name}</h3>
      <p className="home-card__meta">
        <span className="phase-badge" data-state={badge.state}>
          {badge.label}
        </span>
      </p>
      <dl className="home-card__facts">
        <div>
          <dt>Sesi berikutnya</dt>
          <dd data-next-session>
            <NextSession item={item} now={now} />
          </dd>
        </div>
        {item.nextSession && item.schedule && (
          <div>
            <dt>Jadwal</dt>
            <dd>{item.schedule}</dd>
          </div>
        )}
        <div>
          <dt>Tempat</dt>
          <dd>
            <Place item={item} />
          </dd>
        </div>
        {extra}
      </dl>
      {actions && <div className="home-card__actions">{actions}</div>}
    </article>
  );
}
