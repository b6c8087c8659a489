import type { ClassSummary } from '~/contract/classes';
import { classBadge, classFacts, classKind } from '~/lib/catalogue/class-card';
import { classPath } from '~/lib/catalogue/paths';
import './class-card.css';

interface Props {
  item: ClassSummary;
  /** Once the browser runs: the badge follows the class's dates at this moment (before, the server's state, so hydration matches). */
  now?: Date | undefined;
}

/** One class in the browser's results: the markup of components/catalogue/ClassCard.astro, styled by class-card.css. */
export function ClassCardView({ item, now }: Props) {
  const badge = classBadge(item, now);
  return (
    <article className="class-card content-card">
      <div className="content-card__body">
        <p className="class-card__meta">
          <span className="phase-badge" data-state={badge.state}>
            {badge.label}
          </span>
          {classKind(item).map((text) => (
            <span key={text}>{text}</span>
          ))}
        </p>
        <h3 className="content-card__title class-card__title">
          <a href={classPath(item)}>{item.name}</a>
        </h3>
        {item.summary && <p className="class-card__summary">{item.summary}</p>}
        <dl className="class-card__facts">
          {classFacts(item).map((fact) => (
            <div key={fact.label}>
              <dt>{fact.label}</dt>
              <dd>{fact.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </article>
  );
}
