// Annotation badges (audience, priority, lastModified, and any invalid annotation with the spec's rule as
// its title), the same on picker rows, template items and content parts. Audience values and the day stay as
// the protocol has them (`user`, 2025-01-12: what the filters take); their titles say what they mean.
import { useTranslation } from 'react-i18next';
import type { AnnotationView } from '../../../shared/annotations';
import type { InvalidAnnotation } from '../../../shared/contract';
import './annotations.css';

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

function InvalidBadge({ entry }: { entry: InvalidAnnotation }) {
  const { t } = useTranslation('annotations');
  const raw = clip(entry.raw, 201);
  const label = entry.field === 'priority' ? t('invalid.priority.label', { raw: clip(raw, 16) }) : t(`invalid.${entry.field}.label`);
  return (
    <span className="badge badge--invalid" data-testid="invalid-annotation" data-field={entry.field} title={t(`invalid.${entry.field}.title`, { raw })}>
      {label}
    </span>
  );
}

export function AnnotationBadges({ view, className = 'annotation-badges' }: { view: AnnotationView; className?: string }) {
  const { t } = useTranslation('annotations');
  const { audience, priority, lastModified, day, invalid } = view;
  if (!audience && priority === undefined && !day && invalid.length === 0) return null;
  return (
    <span className={className} data-testid="annotation-badges">
      {audience?.map(who => (
        <span key={who} className={`badge badge--${who}`} title={t(`audience.${who}`)}>
          {who}
        </span>
      ))}
      {priority !== undefined && (
        <span className="badge badge--priority" title={t('priority.title', { priority })}>
          {t('priority.badge', { priority })}
        </span>
      )}
      {day && lastModified && (
        <span className="badge badge--date" title={t('lastModified', { date: new Date(lastModified) })}>
          {day}
        </span>
      )}
      {invalid.map(entry => (
        <InvalidBadge key={entry.field} entry={entry} />
      ))}
    </span>
  );
}
