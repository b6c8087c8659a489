import type { LearnerClass } from '~/contract/learner';
import { downloadClassCalendar } from '~/lib/api/learner';
import { DownloadButton } from '../payments/DownloadButton';
import { ClassFacts } from './ClassFacts';

/** 'Kelas saya': each class the learner holds a seat in, soonest session first, with its calendar file (published classes only). */
export function HomeClasses({ classes, now }: { classes: LearnerClass[]; now: number }) {
  if (!classes.length)
    return (
      <p>
        Anda belum terdaftar di kelas mana pun. <a href="/Class">Lihat kelas</a>
      </p>
    );
  return (
    <ul className="home-list">
      {classes.map((item) => (
        <li key={item.code}>
          <ClassFacts
            item={item}
            now={now}
            extra={
              item.enrolment === 'completed' && (
                <div>
                  <dt>Status Anda</dt>
                  <dd>Sudah menyelesaikan kelas</dd>
                </div>
              )
            }
            actions={
              item.isPublished &&
              item.startsAt &&
              item.endsAt && (
                <DownloadButton
                  label={
                    <>
                      Tambahkan ke kalender<span className="visually-hidden">: {item.name}</span> (.ics)
                    </>
                  }
                  fetchFile={(client) => downloadClassCalendar(client, item.code)}
                />
              )
            }
          />
        </li>
      ))}
    </ul>
  );
}
