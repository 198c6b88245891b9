// Annotation badges (audience, priority, lastModified, and any invalid annotation with the spec's rule as
// its title), the same on picker rows, template items and content parts. Audience values and the day stay as
// the protocol has them (`user`, 2025-01-12: what the filters take); their titles say what they mean.
import { useTranslation } from 'react-i18next';
import type { AnnotationView } from '../../../shared/annotations';
import type { Audience, InvalidAnnotation } from '../../../shared/contract';
import { useTextCache } from '../../i18n/text-cache';
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
  const text = useTextCache('annotations');
  const { audience, priority, lastModified, day, invalid } = view;
  if (!audience && priority === undefined && !day && invalid.length === 0) return null;
  const audienceTitle = (who: Audience) => text(`audience:${who}`, t => t(`audience.${who}`));
  const priorityTitle = priority === undefined ? undefined : text(`priority-title:${priority}`, t => t('priority.title', { priority }));
  const priorityBadge = priority === undefined ? undefined : text(`priority:${priority}`, t => t('priority.badge', { priority }));
  const dateTitle = lastModified ? text(`modified:${lastModified}`, t => t('lastModified', { date: new Date(lastModified) })) : undefined;
  return (
    <span className={className} data-testid="annotation-badges">
      {audience?.map(who => (
        <span key={who} className={`badge badge--${who}`} title={audienceTitle(who)}>
          {who}
        </span>
      ))}
      {priority !== undefined && (
        <span className="badge badge--priority" title={priorityTitle}>
          {priorityBadge}
        </span>
      )}
      {day && lastModified && (
        <span className="badge badge--date" title={dateTitle}>
          {day}
        </span>
      )}
      {invalid.map(entry => (
        <InvalidBadge key={entry.field} entry={entry} />
      ))}
    </span>
  );
}
